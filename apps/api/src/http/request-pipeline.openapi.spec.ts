import type { OpenAPIObject } from '@nestjs/swagger';
import { describeRequestPipeline } from './request-pipeline.openapi';

const json = (name: string) => ({
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
});

function document(): OpenAPIObject {
  return {
    openapi: '3.0.0',
    info: { title: 't', version: '0' },
    paths: {
      '/things': {
        get: { responses: { '200': { description: 'ok' } } },
        post: {
          requestBody: json('CreateThing'),
          responses: {
            '201': { description: 'ok' },
            '400': { description: 'own words', ...json('ValidationErrorBodyDto') },
          },
        },
      },
      '/things/{id}': {
        delete: { parameters: [], responses: { '204': { description: 'gone' } } },
        patch: {
          requestBody: {
            content: { 'application/json': { schema: { allOf: [{ $ref: '#/components/schemas/Change' }] } } },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: {
      schemas: {
        CreateThing: {
          type: 'object',
          properties: { name: { type: 'string' }, owner: { $ref: '#/components/schemas/Owner' } },
        },
        Owner: { type: 'object', properties: { email: { type: 'string' } } },
        Change: { type: 'object', properties: { name: { type: 'string' } } },
        Unused: { type: 'object', properties: { x: { type: 'string' } } },
      },
    },
  };
}

describe('describeRequestPipeline', () => {
  const described = describeRequestPipeline(document());
  const responses = (path: string, method: string) =>
    Object.keys((described.paths[path] as Record<string, { responses: object }>)[method].responses);

  it('adds 400 and 413 where a body is read, 400 where the path has parameters, and nothing to a plain GET', () => {
    expect(responses('/things', 'get')).toEqual(['200']);
    expect(responses('/things', 'post').sort()).toEqual(['201', '400', '413']);
    expect(responses('/things/{id}', 'delete').sort()).toEqual(['204', '400']);
    expect(responses('/things/{id}', 'patch').sort()).toEqual(['200', '400', '413']);
  });

  it("keeps an operation's own 400", () => {
    expect(described.paths['/things'].post!.responses['400']).toMatchObject({ description: 'own words' });
  });

  it('closes every schema a request body reaches, and only those', () => {
    const schemas = described.components!.schemas as Record<string, { additionalProperties?: boolean }>;
    expect(schemas.CreateThing.additionalProperties).toBe(false);
    expect(schemas.Owner.additionalProperties).toBe(false);
    expect(schemas.Change.additionalProperties).toBe(false);
    expect(schemas.Unused.additionalProperties).toBeUndefined();
  });
});
