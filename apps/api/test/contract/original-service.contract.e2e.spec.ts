import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { startTestApp, TestApp } from '../support/test-app';

/** A shape of the contract file: an object, an array, a scalar, or a `$ref` to one of its schemas. */
interface Shape {
  $ref?: string;
  type?: string;
  format?: string;
  nullable?: boolean;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string | null;
  items?: Shape;
  required?: string[];
  properties?: Record<string, Shape>;
}

interface ContractParameter {
  in: 'path' | 'query';
  type: string;
  format?: string;
}

interface ContractOperation {
  auth: boolean;
  request?: string;
  parameters?: Record<string, ContractParameter>;
  /** Status -> media type -> contract schema name (null: any body of that type). */
  responses: Record<string, Record<string, string | null>>;
}

interface Contract {
  openapi: string;
  infoVersion: string;
  schemas: Record<string, Shape>;
  paths: Record<string, Record<string, ContractOperation>>;
}

/** The subset of an OpenAPI 3.1 schema the comparison reads. */
interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: Schema;
  required?: string[];
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  anyOf?: Schema[];
}

interface Operation {
  security?: object[];
  parameters?: { name: string; in: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface Document {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const contract: Contract = JSON.parse(
  readFileSync(join(__dirname, 'original-service.contract.json'), 'utf8'),
);

/**
 * Every difference between the document and the contract, each as "where: what". Responses must
 * keep every required field (a client reads it); requests must not require more than the
 * contract (a client does not send it); both must keep each field's type, nullability and format.
 */
class ContractCheck {
  readonly problems: string[] = [];

  constructor(private readonly document: Document) {}

  run(): string[] {
    if (this.document.openapi !== contract.openapi)
      this.problems.push(`openapi: ${this.document.openapi}, not ${contract.openapi}`);
    if (this.document.info.version !== contract.infoVersion)
      this.problems.push(`info.version: ${this.document.info.version}, not ${contract.infoVersion}`);
    for (const [path, methods] of Object.entries(contract.paths)) {
      for (const [method, expected] of Object.entries(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        const operation = this.document.paths[path]?.[method];
        if (!operation) this.problems.push(`${where}: missing`);
        else this.operation(where, operation, expected);
      }
    }
    return this.problems;
  }

  private operation(where: string, operation: Operation, expected: ContractOperation): void {
    if (expected.auth !== Boolean(operation.security?.length))
      this.problems.push(`${where}: ${expected.auth ? 'needs' : 'must not need'} a key`);
    for (const [name, parameter] of Object.entries(expected.parameters ?? {})) {
      const found = operation.parameters?.find((p) => p.name === name && p.in === parameter.in);
      if (!found) this.problems.push(`${where}: ${parameter.in} parameter ${name} missing`);
      else
        this.compare(
          `${where} ${name}`,
          { type: parameter.type, format: parameter.format },
          found.schema,
          'request',
        );
    }
    if (expected.request) {
      const body = operation.requestBody?.content['application/json']?.schema;
      if (!body) this.problems.push(`${where}: request body missing`);
      else this.compare(`${where} body`, { $ref: expected.request }, body, 'request');
    }
    for (const [status, media] of Object.entries(expected.responses)) {
      const response = operation.responses[status];
      if (!response) {
        this.problems.push(`${where}: ${status} missing`);
        continue;
      }
      for (const [type, schema] of Object.entries(media)) {
        const content = response.content?.[type];
        if (!content) this.problems.push(`${where} ${status}: no ${type} body`);
        else if (schema !== null && !content.schema) this.problems.push(`${where} ${status}: no schema`);
        else if (schema !== null)
          this.compare(`${where} ${status}`, { $ref: schema }, content.schema!, 'response');
      }
    }
  }

  private compare(where: string, expected: Shape, actual: Schema, direction: 'request' | 'response'): void {
    const want = expected.$ref ? contract.schemas[expected.$ref] : expected;
    if (!want) throw new Error(`the contract names no schema ${expected.$ref}`);
    const { schema, nullable } = this.resolve(actual);
    const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []).filter(
      (type) => type !== 'null',
    );
    const isNullable = nullable || (Array.isArray(schema.type) && schema.type.includes('null'));
    const wantType = want.type ?? 'object';
    if (types.length !== 1 || types[0] !== wantType)
      this.problems.push(`${where}: type ${types.join('|') || 'none'}, not ${wantType}`);
    if (isNullable !== Boolean(want.nullable))
      this.problems.push(
        `${where}: ${isNullable ? 'nullable' : 'not nullable'}, the contract says the opposite`,
      );
    if (schema.format !== want.format)
      this.problems.push(`${where}: format ${schema.format ?? 'none'}, not ${want.format ?? 'none'}`);
    if (want.enum) {
      const values = (schema.enum ?? []).filter((value) => value !== null);
      if (JSON.stringify([...values].sort()) !== JSON.stringify([...want.enum].sort()))
        this.problems.push(`${where}: enum ${JSON.stringify(values)}, not ${JSON.stringify(want.enum)}`);
    }
    for (const bound of ['minLength', 'maxLength'] as const)
      if (want[bound] !== undefined && schema[bound] !== want[bound])
        this.problems.push(`${where}: ${bound} ${schema[bound]}, not ${want[bound]}`);
    if (want.pattern !== undefined && (schema.pattern ?? null) !== want.pattern)
      this.problems.push(`${where}: pattern ${schema.pattern ?? 'none'}, not ${want.pattern ?? 'none'}`);
    if (want.items && schema.items) this.compare(`${where}[]`, want.items, schema.items, direction);
    if (wantType === 'object') this.object(where, want, schema, direction);
  }

  private object(where: string, want: Shape, schema: Schema, direction: 'request' | 'response'): void {
    const required = new Set(schema.required ?? []);
    for (const name of want.required ?? [])
      if (!required.has(name)) this.problems.push(`${where}.${name}: not required`);
    for (const [name, shape] of Object.entries(want.properties ?? {})) {
      const property = schema.properties?.[name];
      if (!property) {
        if (want.required?.includes(name)) this.problems.push(`${where}.${name}: missing`);
        continue;
      }
      if (direction === 'request' && required.has(name) && !want.required?.includes(name))
        this.problems.push(`${where}.${name}: required, the contract has it optional`);
      this.compare(`${where}.${name}`, shape, property, direction);
    }
    if (direction === 'request')
      for (const name of required)
        if (!want.properties?.[name]) this.problems.push(`${where}.${name}: required, not in the contract`);
  }

  /**
   * Follows `$ref`, an `allOf` of one schema (with its siblings) and `if`/`then` rules between its
   * fields (which only refuse combinations of fields the original does not have), and
   * `anyOf: [schema, { type: "null" }]`.
   */
  private resolve(schema: Schema): { schema: Schema; nullable: boolean } {
    if (schema.$ref) return this.resolve(this.document.components.schemas[schema.$ref.split('/').pop()!]);
    if (schema.allOf?.length && schema.allOf.slice(1).every((part) => 'if' in part)) {
      const { allOf, ...rest } = schema;
      const inner = this.resolve(allOf[0]);
      return { schema: { ...inner.schema, ...rest }, nullable: inner.nullable };
    }
    if (schema.anyOf?.length === 2 && schema.anyOf.some((part) => part.type === 'null')) {
      const inner = this.resolve(schema.anyOf.find((part) => part.type !== 'null')!);
      return { schema: inner.schema, nullable: true };
    }
    return { schema, nullable: false };
  }
}

describe("the published contract: /openapi.json against the original service's shapes", () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await startTestApp();
    document = (await request(t.url).get('/openapi.json')).body;
  });
  afterAll(() => t.close());

  it('has every path, method, status and required field of the original, none loosened or narrowed', () => {
    expect(new ContractCheck(document).run()).toEqual([]);
  });

  it('fails on a loosened type, a lost format, a lost required field, a dropped status and a narrowed request', () => {
    const broken: Document = JSON.parse(JSON.stringify(document));
    const schemas = broken.components.schemas;
    const resultName = Object.keys(schemas).find((name) => schemas[name].properties?.contentLength)!;
    schemas[resultName].properties!.contentLength.type = 'number';
    delete schemas[resultName].properties!.fetchedAt.format;
    schemas[resultName].required = schemas[resultName].required!.filter((name) => name !== 'cached');
    delete broken.paths['/v1/api/scrape'].post.responses['402'];
    const scrapeBody = broken.paths['/v1/api/scrape'].post.requestBody!.content['application/json'].schema;
    const requestName = scrapeBody.$ref!.split('/').pop()!;
    schemas[requestName].required = [...schemas[requestName].required!, 'timeoutMs'];

    const problems = new ContractCheck(broken).run();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^POST \/v1\/api\/scrape 200\.contentLength: type number, not integer$/),
        expect.stringMatching(/^POST \/v1\/api\/scrape 200\.fetchedAt: format none, not date-time$/),
        expect.stringMatching(/^POST \/v1\/api\/scrape 200\.cached: not required$/),
        'POST /v1/api/scrape: 402 missing',
        'POST /v1/api/scrape body.timeoutMs: required, the contract has it optional',
      ]),
    );
  });
});
