import type { SchemaObject } from '@nestjs/swagger';

/** A JSON Schema `if`/`then`/`else` (OpenAPI 3.1), which the 3.0 types of `@nestjs/swagger` do not name. */
interface ConditionalSchema extends SchemaObject {
  if: SchemaObject;
  then: SchemaObject;
  else?: ConditionalSchema;
}

/** On creation: scope `selector` requires a selector; another scope named refuses one. */
export const CREATE_SELECTOR_SCOPE_RULE: ConditionalSchema = {
  if: { required: ['scope'], properties: { scope: { enum: ['selector'] } } },
  then: { required: ['selector'], properties: { selector: { type: 'string' } } },
  else: { if: { required: ['scope'] }, then: { properties: { selector: { type: 'null' } } } },
};

/** On a change: a scope other than `selector` refuses a selector (scope `selector` may keep the stored one). */
export const UPDATE_SELECTOR_SCOPE_RULE: ConditionalSchema = {
  if: { required: ['scope'], properties: { scope: { enum: ['content', 'page'] } } },
  then: { properties: { selector: { type: 'null' } } },
};
