import { ArgumentMetadata, Injectable, PipeTransform, Type, ValidationError } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, ValidatorOptions } from 'class-validator';
import { InvalidRequestError } from '@quarry/core';
import { DtoConstraints } from './dto-constraints';
import { assertSafeJsonShape } from './json-shape.guard';

/** Types a parameter may declare that are not DTO classes: their values pass as they came. */
const NOT_DTOS: ReadonlySet<unknown> = new Set([String, Boolean, Number, Array, Object, Buffer, Date]);

const VALIDATOR_OPTIONS: ValidatorOptions = {
  forbidUnknownValues: false,
  whitelist: true,
  forbidNonWhitelisted: true,
  validationError: { target: false },
};

/**
 * The validation of Quarry's controllers: DTO classes only (other parameters pass as they came),
 * unknown fields (prototype keys too) rejected, nesting bounded, values converted to their
 * declared types, and every failure a 400 `invalid_request` with one reason per field in
 * `details`. Works with class-transformer and class-validator directly: a request that is JSON
 * by the time it gets here needs none of the general pipe's handling of binary and sparse values.
 * A valid DTO is told by its class's own constraints (`DtoConstraints`); class-validator judges
 * the rest and words their errors.
 */
@Injectable()
export class QuarryValidationPipe implements PipeTransform {
  private readonly constraints = new DtoConstraints();

  async transform(value: unknown, { type, metatype }: ArgumentMetadata): Promise<unknown> {
    if (type === 'custom' || metatype === undefined || NOT_DTOS.has(metatype)) return value;
    if (type === 'body' && !isPlainObject(value)) {
      throw new InvalidRequestError('The request body must be a JSON object.', {
        body: 'must be a JSON object',
      });
    }
    assertSafeJsonShape(value, type);
    const dto = plainToInstance(metatype as Type<object>, value ?? {});
    if (this.constraints.passes(dto)) return dto;
    const errors = await validate(dto, VALIDATOR_OPTIONS);
    if (errors.length > 0)
      throw new InvalidRequestError(
        'The request is invalid.',
        validationDetails(withoutParentValues(errors)),
      );
    return dto;
  }
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A field whose children failed is reported through them, not as a value of its own. */
function withoutParentValues(errors: ValidationError[]): ValidationError[] {
  for (const error of errors) {
    if (error.children?.length) {
      delete error.value;
      withoutParentValues(error.children);
    }
  }
  return errors;
}

/**
 * Flattens class-validator's tree into `{ "a.b": "why" }`, one reason per field. A required field
 * that is absent says so ("url is required") rather than naming the first rule its absence broke.
 */
export function validationDetails(errors: ValidationError[], parent = ''): Record<string, string> {
  const details: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const constraints = error.constraints ?? {};
    if (constraints.whitelistValidation) details[path] = 'is not an allowed field';
    else if (error.value === undefined && Object.keys(constraints).length > 0)
      details[path] = `${error.property} is required`;
    else {
      const first = Object.values(constraints)[0];
      if (first) details[path] = first;
    }
    Object.assign(details, validationDetails(error.children ?? [], path));
  }
  return details;
}
