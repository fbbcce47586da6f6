import { ValidateIf } from 'class-validator';

/**
 * The field may be left out; unlike class-validator's IsOptional, `null` is not "left out" but a
 * value that must pass the field's rules, so the OpenAPI type (not nullable) is what the code accepts.
 */
export const OptionalField = (): PropertyDecorator => ValidateIf((_object, value) => value !== undefined);
