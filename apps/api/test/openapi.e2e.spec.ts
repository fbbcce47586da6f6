import request from 'supertest';
import { startTestApp, TestApp } from './support/test-app';

interface Schema {
  type?: string;
  format?: string;
  minLength?: number;
  minProperties?: number;
  additionalProperties?: boolean | object;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  $ref?: string;
}

interface Operation {
  requestBody?: { content: Record<string, { schema?: object }> };
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
  security?: object[];
}

describe('the OpenAPI document (docs/api.md §10)', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  let schemas: Record<string, Schema>;
  let document: {
    openapi: string;
    info: { version: string };
    paths: typeof paths;
    components: { schemas: typeof schemas };
  };

  beforeAll(async () => {
    t = await startTestApp();
    document = (await request(t.url).get('/openapi.json')).body;
    paths = document.paths;
    schemas = document.components.schemas;
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1, version 0.1.0, with nullable fields as type arrays (no 3.0 nullable)', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('0.1.0');
    expect(JSON.stringify(document)).not.toContain('"nullable"');
    expect(schemas.MonitorDto.properties!.lastChangedAt).toMatchObject({
      type: ['string', 'null'],
      format: 'date-time',
    });
    expect(paths['/openapi.json'].get.responses['200']).toBeDefined();
  });

  const operations = () =>
    Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );

  it('documents a response schema for every success answer', () => {
    const undocumented = operations()
      .filter(({ op }) => {
        const successes = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
        if (successes.some(([status]) => status === '204')) return false;
        return !successes.some(([, response]) => Object.values(response.content ?? {}).some((c) => c.schema));
      })
      .map(({ name }) => name);
    expect(undocumented).toEqual([]);
  });

  it('documents the request body of every POST and PATCH that takes one', () => {
    const withBodies = operations().filter(({ op }) => op.requestBody);
    expect(withBodies.length).toBeGreaterThan(5);
    for (const { op } of withBodies) expect(Object.values(op.requestBody!.content)[0].schema).toBeDefined();
  });

  it('marks every /v1/api route but the blog as needing the key', () => {
    const open = operations()
      .filter(({ name, op }) => name.includes('/v1/api/') && !name.includes('/blog') && !op.security?.length)
      .map(({ name }) => name);
    expect(open).toEqual([]);
  });

  const requestSchemas = () =>
    operations()
      .filter(({ op }) => op.requestBody)
      .map(({ name, op }) => ({ name, schema: Object.values(op.requestBody!.content)[0].schema as Schema }));
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? schemas[schema.$ref.split('/').pop()!] : schema.allOf ? resolve(schema.allOf[0]) : schema;

  it('declares 400 and 413 on every operation that reads a body, and 400 wherever a path has parameters', () => {
    const missing = operations()
      .filter(
        ({ name, op }) => (/^(POST|PUT|PATCH) /.test(name) || name.includes('{')) && !op.responses['400'],
      )
      .map(({ name }) => name);
    expect(missing).toEqual([]);
    const tooLarge = operations()
      .filter(({ name, op }) => /^(POST|PUT|PATCH) /.test(name) && !op.responses['413'])
      .map(({ name }) => name);
    expect(tooLarge).toEqual([]);
  });

  it('states what validation accepts: no unnamed properties, integers as integer, URLs not empty', () => {
    const open: string[] = [];
    const numbers: string[] = [];
    const urls: string[] = [];
    const visit = (name: string, schema: Schema) => {
      const resolved = resolve(schema);
      if (!resolved.properties) return;
      if (resolved.additionalProperties !== false) open.push(name);
      for (const [key, property] of Object.entries(resolved.properties)) {
        if (property.type === 'number') numbers.push(`${name}.${key}`);
        if (/url$/i.test(key) && (property.minLength !== 1 || property.format !== 'uri'))
          urls.push(`${name}.${key}`);
        visit(`${name}.${key}`, property);
      }
    };
    for (const { name, schema } of requestSchemas()) visit(name, schema);
    expect({ open, numbers, urls }).toEqual({ open: [], numbers: [], urls: [] });
  });

  it('refuses an empty PATCH of a monitor in the schema, as the code does', () => {
    const patch = paths['/v1/api/monitors/{id}'].patch.requestBody!.content['application/json']
      .schema as Schema;
    expect(patch.minProperties).toBe(1);
  });
});
