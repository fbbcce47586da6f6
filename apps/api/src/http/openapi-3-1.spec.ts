import type { OpenAPIObject } from '@nestjs/swagger';
import { toOpenApi31 } from './openapi-3-1';

const convert = (schemas: Record<string, unknown>) =>
  toOpenApi31({
    openapi: '3.0.0',
    info: { title: 't', version: '1' },
    paths: {},
    components: { schemas },
  } as OpenAPIObject).components!.schemas!;

describe('toOpenApi31', () => {
  it('turns nullable scalars into type arrays, with null joining their enum', () => {
    expect(
      convert({
        A: {
          type: 'object',
          properties: { theme: { type: 'string', enum: ['light', 'dark'], nullable: true } },
        },
      }).A,
    ).toEqual({
      type: 'object',
      properties: { theme: { type: ['string', 'null'], enum: ['light', 'dark', null] } },
    });
  });

  it.each([
    ['a $ref', { $ref: '#/components/schemas/Logo', nullable: true }],
    ['an allOf', { allOf: [{ $ref: '#/components/schemas/Logo' }], nullable: true }],
    [
      'an allOf a decorator also typed',
      { type: 'object', allOf: [{ $ref: '#/components/schemas/Logo' }], nullable: true },
    ],
  ])('makes a nullable schema built on %s accept null alongside it', (_case, logo) => {
    const { properties } = convert({ P: { type: 'object', properties: { logo } } }).P as {
      properties: { logo: { anyOf: unknown[] } };
    };
    expect(properties.logo.anyOf).toHaveLength(2);
    expect(properties.logo.anyOf[1]).toEqual({ type: 'null' });
    expect(properties.logo.anyOf[0]).not.toHaveProperty('type');
  });

  it('states exclusive bounds as numbers', () => {
    expect(convert({ N: { type: 'number', minimum: 0, exclusiveMinimum: true } }).N).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
    });
  });
});
