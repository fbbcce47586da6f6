import type { MediaTypeObject, OpenAPIObject, ReferenceObject, SchemaObject } from '@nestjs/swagger';
import { METHODS_WITH_BODY } from './json-body.requests';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * States what the app's own request pipeline does on every route, which no controller declares:
 * the JSON body parser answers 400 for a body it cannot read and 413 over the limit, a path
 * parameter that is not valid percent-encoding is a 400, and the validation pipe refuses every
 * property a request schema does not name (`additionalProperties: false`, nested schemas too).
 */
export function describeRequestPipeline(document: OpenAPIObject): OpenAPIObject {
  const schemas = (document.components?.schemas ?? {}) as Record<string, SchemaObject | ReferenceObject>;
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (typeof operation !== 'object' || !operation || !('responses' in operation)) continue;
      const readsBody = METHODS_WITH_BODY.has(method.toUpperCase());
      if (readsBody || path.includes('{')) {
        operation.responses['400'] ??= {
          description: 'The body or a parameter is invalid (details names each field).',
          content: { 'application/json': { schema: ref('ValidationErrorBodyDto') } },
        };
      }
      if (readsBody) {
        operation.responses['413'] ??= {
          description: 'The request body is over the limit (default 1 MiB).',
          content: { 'application/json': { schema: ref('PayloadTooLargeErrorBodyDto') } },
        };
      }
      const body = operation.requestBody as { content?: Record<string, MediaTypeObject> } | undefined;
      for (const media of Object.values(body?.content ?? {})) {
        closeSchema(media.schema, schemas);
      }
    }
  }
  return document;
}

/** Marks a request schema, and every object schema it reaches, as refusing unnamed properties. */
function closeSchema(
  schema: SchemaObject | ReferenceObject | undefined,
  schemas: Record<string, SchemaObject | ReferenceObject>,
  seen = new Set<object>(),
): void {
  if (!schema) return;
  const resolved = '$ref' in schema ? schemas[schema.$ref.split('/').pop() ?? ''] : schema;
  if (!resolved || '$ref' in resolved || seen.has(resolved)) return;
  seen.add(resolved);
  if (resolved.properties) resolved.additionalProperties = false;
  for (const nested of [
    ...Object.values(resolved.properties ?? {}),
    ...(resolved.allOf ?? []),
    ...(resolved.items ? [resolved.items] : []),
  ]) {
    closeSchema(nested, schemas, seen);
  }
}
