#!/usr/bin/env node
// Schema-driven fuzz run against the built service (`npm run build` first), started as the
// benchmarks start it with a fixture site on 127.0.0.1 allow-listed. Reads /openapi.json and sends
// every operation valid requests, invalid ones (wrong types, bounds, missing and extra fields,
// prototype keys, deep, huge and malformed bodies, bad path and query parameters, no credentials)
// and URL fields with private, local and unresolvable hosts. Prints the responses >= 500 and the
// schema mismatches: a status the document does not declare, a body that does not match the
// declared schema, a request the schema accepts that the code refuses with 400, or one the schema
// refuses that the code accepts. Exits 1 when either count is not 0.
//
//   node tools/fuzz-openapi.mjs [--verbose]
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { startBuiltService } from './lib/built-service.mjs';
import { OpenApiSchemas } from './lib/openapi-schema.mjs';

const verbose = process.argv.includes('--verbose');
const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef';
const PRIVATE_HOSTS = [
  'http://127.0.0.1/',
  'http://[::1]/',
  'http://localhost/',
  'http://localhost./',
  'http://a.localhost/',
  'http://169.254.169.254/latest/meta-data',
  'http://10.0.0.1/',
  'http://0x7f000001/',
  'http://[::ffff:127.0.0.1]/',
];
// Whether these resolve depends on the machine's DNS; either answer must be a declared 4xx or 2xx.
const UNRESOLVABLE_HOSTS = [
  'https://hooks.example.com/quarry',
  'https://hooks.quarry-nowhere.invalid/quarry',
  'http://127.0.0.1.nip.io/',
];
const WRONG_TYPES = [123, 1.5, true, null, 'text', {}, []];
const DEEP = 10_000;

const page = `<!doctype html><html><head><title>Fuzz page</title></head><body><article><h1>Fuzz page</h1>
<p>${'Readable words of the fixture page that valid requests scrape, capture and watch. '.repeat(6)}</p></article></body></html>`;

const site = createServer((req, res) => {
  req.resume();
  if (req.url.startsWith('/hook')) return res.writeHead(200).end();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${site.address().port}`;
const urlFor = (name) => (/callback|webhook|hook/i.test(name) ? `${origin}/hook` : `${origin}/page`);

const service = await startBuiltService({
  credits: 1_000_000,
  env: {
    QUARRY_ADMIN_TOKEN: ADMIN_TOKEN,
    QUARRY_ALLOW_HOSTS: `127.0.0.1:${site.address().port}`,
    QUARRY_CALLBACK_ATTEMPTS: '1',
    // Video URLs name the platforms' hosts; their jobs reach the fixture site instead.
    QUARRY_VIDEO_ORIGINS: JSON.stringify({ youtube: origin, instagram: origin, tiktok: origin }),
  },
});

const counts = {
  operations: 0,
  requests: 0,
  valid: 0,
  invalid: 0,
  policy: 0,
  unauthenticated: 0,
  fiveHundreds: 0,
  mismatches: 0,
};
const problems = [];

try {
  const document = await (await fetch(`${service.base}/openapi.json`)).json();
  const schemas = new OpenApiSchemas(document);
  const context = await setUp(service);
  const operations = Object.entries(document.paths)
    .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })))
    .sort((a, b) => (a.method === 'delete') - (b.method === 'delete'));
  for (const operation of operations) {
    for (const testCase of casesFor(operation, schemas, context)) {
      await run(operation, testCase, schemas);
    }
  }
} finally {
  await service.stop();
  site.close();
}

console.log(
  `operations fuzzed: ${counts.operations}\n` +
    `requests: ${counts.requests} (valid ${counts.valid}, invalid ${counts.invalid}, ` +
    `private/local/unresolvable URLs ${counts.policy}, without credentials ${counts.unauthenticated})\n` +
    `responses >= 500: ${counts.fiveHundreds}\n` +
    `schema mismatches: ${counts.mismatches}`,
);
for (const problem of problems.slice(0, 40)) console.log(`  - ${problem}`);
if (problems.length > 40) console.log(`  ... and ${problems.length - 40} more`);
process.exitCode = counts.fiveHundreds || counts.mismatches ? 1 : 0;

/** Ids that path parameters can name: the account, a monitor and an async job of the fuzz account. */
async function setUp({ base, apiKey }) {
  const call = async (method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`set-up ${method} ${path} answered ${response.status}`);
    return response.json();
  };
  const { account } = await call('GET', '/v1/api/account');
  const { monitor } = await call('POST', '/v1/api/monitors', { url: urlFor('url') });
  const { jobId } = await call('POST', '/v1/api/scrape/async', {
    url: urlFor('url'),
    callbackUrl: urlFor('callbackUrl'),
  });
  return { accountId: account.id, monitorId: monitor.id, jobId };
}

function casesFor({ path, method, op }, schemas, context) {
  counts.operations += 1;
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const validPath = Object.fromEntries(pathParams.map((p) => [p.name, existingId(path, context)]));
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  const validBody = bodySchema && schemas.validValue(bodySchema, { urlFor, uuid: randomUUID() });
  const base = { pathValues: validPath, query: {}, body: validBody };
  const cases = [{ ...base, kind: 'valid', label: 'minimal' }];
  if (bodySchema)
    cases.push({
      ...base,
      kind: 'valid',
      label: 'every field',
      body: schemas.validValue(bodySchema, { full: true, urlFor, uuid: randomUUID() }),
    });
  if (op.security?.length)
    cases.push({ ...base, kind: 'unauthenticated', label: 'no credentials', anonymous: true });

  for (const param of pathParams) {
    for (const value of [randomUUID(), 'nope', '%FF', 'a'.repeat(3000), '..%2f..%2fetc']) {
      cases.push({
        ...base,
        kind: 'auto',
        label: `path ${param.name}=${value.slice(0, 20)}`,
        pathValues: { ...validPath, [param.name]: value },
      });
    }
  }
  for (const param of queryParams) {
    const s = schemas.resolve(param.schema);
    const values =
      s.format === 'date-time'
        ? [new Date().toISOString(), 'yesterday', '2026-13-45T99:00:00Z', '']
        : [
            String(s.minimum),
            String(s.maximum),
            String(s.minimum - 1),
            String(s.maximum + 1),
            '1.5',
            'abc',
            '',
          ];
    for (const value of values)
      cases.push({
        ...base,
        kind: 'auto',
        label: `query ${param.name}=${value}`,
        query: { [param.name]: value },
      });
  }

  if (method === 'post' || method === 'patch' || method === 'put') {
    cases.push({ ...base, kind: 'invalid', label: 'malformed JSON', raw: '{"url": ' });
    cases.push({
      ...base,
      kind: 'invalid',
      label: '2 MiB body',
      raw: JSON.stringify({ ...(validBody ?? {}), padding: 'x'.repeat(2 * 1024 * 1024) }),
    });
  }
  if (!bodySchema) return cases;

  for (const value of [[], 'text', null, 42])
    cases.push({ ...base, kind: 'auto', label: `body ${JSON.stringify(value)}`, body: value });
  cases.push({
    ...base,
    kind: 'invalid',
    label: 'text/plain body',
    raw: JSON.stringify(validBody),
    contentType: 'text/plain',
  });
  cases.push({ ...base, kind: 'auto', label: 'empty object', body: {} });
  cases.push({ ...base, kind: 'auto', label: 'extra field', body: { ...validBody, colour: 'red' } });
  for (const key of ['__proto__', 'constructor', 'prototype']) {
    cases.push({
      ...base,
      kind: 'invalid',
      label: `key ${key}`,
      raw: JSON.stringify(validBody).replace(/^\{/, `{"${key}":{"polluted":true},`),
    });
  }
  cases.push({
    ...base,
    kind: 'invalid',
    label: `nested ${DEEP} deep`,
    raw: JSON.stringify(validBody).replace(/^\{/, `{"deep":${'['.repeat(DEEP)}${']'.repeat(DEEP)},`),
  });

  for (const { path: fieldPath, schema } of fieldsOf(schemas, bodySchema)) {
    const name = fieldPath.at(-1);
    const container = schemas.validValue(bodySchema, { full: true, urlFor, uuid: randomUUID() });
    const s = schemas.resolve(schema);
    const withValue = (value) => setAt(structuredClone(container), fieldPath, value);
    const label = fieldPath.join('.');
    for (const value of WRONG_TYPES.filter((v) => schemas.validate(s, v).length > 0))
      cases.push({
        ...base,
        kind: 'auto',
        label: `${label}=${JSON.stringify(value)}`,
        body: withValue(value),
      });
    const bounds = [];
    if (s.minLength !== undefined) bounds.push('y'.repeat(Math.max(0, s.minLength - 1)));
    if (s.maxLength !== undefined) bounds.push('y'.repeat(s.maxLength + 1));
    if (s.minimum !== undefined) bounds.push(s.minimum - 1);
    if (s.maximum !== undefined) bounds.push(s.maximum + 1);
    if (s.enum) bounds.push('nope');
    if (s.pattern) bounds.push('not base64 at all!!');
    if (isUrlField(name, s))
      bounds.push(
        'not a url',
        'ftp://example.com/file',
        'http://exa mple.com/',
        `http://example.com/${'a'.repeat(2100)}`,
      );
    for (const value of bounds)
      cases.push({
        ...base,
        kind: 'auto',
        label: `${label}=${JSON.stringify(value).slice(0, 40)}`,
        body: withValue(value),
      });
    if (fieldPath.length > 1 || schemas.resolve(bodySchema).required?.includes(name)) {
      cases.push({ ...base, kind: 'auto', label: `without ${label}`, body: withValue(undefined) });
    }
    if (isUrlField(name, s)) {
      // A URL the field's own pattern refuses (another platform's host) is simply invalid.
      const policyKind = (url) => (!s.pattern || new RegExp(s.pattern, 'u').test(url) ? 'policy' : 'auto');
      for (const url of [...PRIVATE_HOSTS, ...UNRESOLVABLE_HOSTS])
        cases.push({
          ...base,
          kind: policyKind(url),
          field: label,
          label: `${label}=${url}`,
          body: withValue(url),
        });
    }
    if (s.type === 'object') {
      cases.push({
        ...base,
        kind: 'auto',
        label: `${label} with an extra field`,
        body: withValue({ ...getAt(container, fieldPath), colour: 'red' }),
      });
    }
  }
  return cases;
}

/** A URL-taking field, by its format or, where a document forgot the format, by its name. */
function isUrlField(name, schema) {
  return schema.format === 'uri' || (schema.type === 'string' && /url$/i.test(name));
}

/** Every property reachable from the body schema, as a path of names. */
function fieldsOf(schemas, schema, prefix = []) {
  const s = schemas.resolve(schema);
  const resolved = s.allOf ? schemas.resolve(s.allOf[0]) : s;
  return Object.entries(resolved.properties ?? {}).flatMap(([name, property]) => [
    { path: [...prefix, name], schema: property },
    ...(schemas.resolve(property).type === 'object' ? fieldsOf(schemas, property, [...prefix, name]) : []),
  ]);
}

function getAt(value, path) {
  return path.reduce((node, key) => node?.[key], value);
}

function setAt(value, path, leaf) {
  let node = value;
  for (const key of path.slice(0, -1)) node = node[key] ??= {};
  if (leaf === undefined) delete node[path.at(-1)];
  else node[path.at(-1)] = leaf;
  return value;
}

function existingId(path, { accountId, monitorId, jobId }) {
  if (path.includes('/monitors/')) return monitorId;
  if (path.includes('/jobs/')) return jobId;
  return accountId;
}

/** Whether the schema accepts the request: path and query parameters and body. */
function schemaVerdict({ op }, testCase, schemas) {
  if (testCase.raw !== undefined || testCase.contentType) return ['the body is not the declared JSON'];
  const errors = [];
  for (const param of op.parameters ?? []) {
    const raw = param.in === 'path' ? testCase.pathValues[param.name] : testCase.query[param.name];
    if (raw === undefined) {
      if (param.required) errors.push(`${param.name}: missing`);
      continue;
    }
    const s = schemas.resolve(param.schema);
    const value =
      s.type === 'integer' || s.type === 'number' ? (/^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw) : raw;
    // A client encodes a string parameter as UTF-8; a path that does not decode names no string at all.
    if (param.in === 'path' && !decodes(value)) errors.push(`${param.name}: not UTF-8 percent-encoding`);
    else
      errors.push(
        ...schemas.validate(s, param.in === 'path' ? decodeURIComponent(value) : value, param.name),
      );
  }
  const bodySchema = op.requestBody?.content?.['application/json']?.schema;
  if (bodySchema && testCase.body !== undefined) errors.push(...schemas.validate(bodySchema, testCase.body));
  if (bodySchema && testCase.body === undefined && op.requestBody.required) errors.push('body: missing');
  return errors;
}

function decodes(value) {
  try {
    decodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

async function run(operation, testCase, schemas) {
  const { path, method, op } = operation;
  const name = `${method.toUpperCase()} ${path} [${testCase.label}]`;
  const url = new URL(service.base + path.replace(/\{(\w+)\}/g, (_, key) => testCase.pathValues[key]));
  for (const [key, value] of Object.entries(testCase.query)) url.searchParams.set(key, value);
  const headers = {};
  if (!testCase.anonymous && op.security?.length) {
    const admin = op.security.some((s) => 'admin' in s);
    headers.authorization = `Bearer ${admin ? ADMIN_TOKEN : service.apiKey}`;
  }
  let body;
  if (testCase.raw !== undefined) body = testCase.raw;
  else if (testCase.body !== undefined && ['post', 'patch', 'put'].includes(method))
    body = JSON.stringify(testCase.body);
  if (body !== undefined) headers['content-type'] = testCase.contentType ?? 'application/json';

  counts.requests += 1;
  const verdict = schemaVerdict(operation, testCase, schemas);
  const kind = testCase.kind === 'auto' ? (verdict.length ? 'invalid' : 'valid') : testCase.kind;
  // A generated request meant to match the schema that does not is a bug of this tool, not of the service.
  if (['valid', 'policy'].includes(testCase.kind) && verdict.length)
    throw new Error(`${name}: ${verdict[0]}`);
  counts[kind] += 1;
  let response;
  try {
    response = await fetch(url, {
      method: method.toUpperCase(),
      headers,
      body,
      signal: AbortSignal.timeout(150_000),
    });
  } catch (error) {
    return report('fiveHundreds', `${name}: no response (${error.cause?.code ?? error.message})`);
  }
  const text = await response.text();
  const status = response.status;
  if (verbose) console.log(`${status} ${name}`);
  if (status >= 500) report('fiveHundreds', `${name}: ${status} ${text.slice(0, 200)}`);

  const declared = op.responses[String(status)] ?? op.responses.default;
  if (!declared) return report('mismatches', `${name}: ${status} is not declared (${text.slice(0, 160)})`);
  const media = Object.entries(declared.content ?? {});
  const contentType = response.headers.get('content-type') ?? '';
  const json = media.find(([type]) => type === 'application/json');
  if (json && contentType.startsWith('application/json')) {
    const errors = schemas.validate(json[1].schema, JSON.parse(text));
    if (errors.length)
      report('mismatches', `${name}: ${status} body does not match: ${errors.slice(0, 3).join('; ')}`);
  } else if (media.length && !media.some(([type]) => contentType.startsWith(type))) {
    report(
      'mismatches',
      `${name}: ${status} is ${contentType}, declared ${media.map(([t]) => t).join(', ')}`,
    );
  }

  const refusedAsInvalid = status === 400;
  if (kind === 'valid' && refusedAsInvalid)
    report('mismatches', `${name}: the schema accepts it, the code answered 400 ${text.slice(0, 200)}`);
  if (kind === 'invalid' && status < 300)
    report('mismatches', `${name}: the schema refuses it (${verdict[0]}), the code answered ${status}`);
  if (kind === 'unauthenticated' && status !== 401)
    report('mismatches', `${name}: answered ${status} without credentials`);
  if (kind === 'policy' && refusedAsInvalid) {
    const details = Object.keys(JSON.parse(text).details ?? {});
    if (details.length !== 1 || details[0] !== testCase.field)
      report('mismatches', `${name}: 400 names ${details.join(', ')}, not ${testCase.field}`);
  }
}

function report(kind, message) {
  counts[kind] += 1;
  problems.push(message);
}
