import type { OpenAPIObject } from '@nestjs/swagger';

type Json = Record<string, unknown>;

/**
 * Turns the OpenAPI 3.0 document `@nestjs/swagger` writes into 3.1 (docs/api.md §10), the version the
 * original service publishes: `nullable: true` becomes a type array with "null" (and null joins
 * an enum, which would refuse it otherwise), a nullable `$ref` or `allOf` becomes
 * `anyOf: [schema, { type: "null" }]`, and boolean `exclusiveMinimum`/`exclusiveMaximum` become
 * the bound they qualify. Clients generated from either version then get the same types.
 */
export function toOpenApi31(document: OpenAPIObject): OpenAPIObject {
  const converted = convertNode(document) as OpenAPIObject;
  return { ...converted, openapi: '3.1.0' };
}

function convertNode(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convertNode);
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = convertNode(value);
  return isSchema(out) ? convertSchema(out) : out;
}

/** A schema object is where `nullable` or the numeric bounds live; nothing else carries them. */
function isSchema(node: Json): boolean {
  return (
    'nullable' in node ||
    typeof node.exclusiveMinimum === 'boolean' ||
    typeof node.exclusiveMaximum === 'boolean'
  );
}

function convertSchema(schema: Json): Json {
  const { nullable, ...rest } = schema;
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof rest[flag] !== 'boolean') continue;
    if (rest[flag] === true) rest[flag] = rest[bound];
    else delete rest[flag];
    if (rest[flag] !== undefined) delete rest[bound];
  }
  if (nullable !== true) return rest;
  if (rest.type === undefined || rest.allOf !== undefined || rest.$ref !== undefined) {
    // A schema made of another one: its `type` (as some decorators add) belongs to that one.
    const { description, ...inner } = rest;
    delete inner.type;
    return { ...(description === undefined ? {} : { description }), anyOf: [inner, { type: 'null' }] };
  }
  const types = Array.isArray(rest.type) ? rest.type : [rest.type];
  const nullableSchema: Json = { ...rest, type: types.includes('null') ? types : [...types, 'null'] };
  if (Array.isArray(rest.enum) && !rest.enum.includes(null)) nullableSchema.enum = [...rest.enum, null];
  return nullableSchema;
}
