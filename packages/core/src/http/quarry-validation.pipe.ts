import { ArgumentMetadata, Injectable, ValidationError, ValidationPipe } from '@nestjs/common';
import { InvalidRequestError } from '../errors/quarry-error';
import { assertSafeJsonShape } from './json-shape.guard';

/**
 * Global validation: DTO classes only, unknown fields (prototype keys too) rejected, nesting
 * bounded, values converted to their declared types, and every failure a 400 `invalid_request`
 * with one reason per field in `details`.
 */
@Injectable()
export class QuarryValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) =>
        new InvalidRequestError('The request is invalid.', validationDetails(errors)),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!metadata.metatype || !this.toValidate(metadata)) return super.transform(value, metadata);
    if (metadata.type === 'body' && !isPlainObject(value)) {
      throw new InvalidRequestError('The request body must be a JSON object.', {
        body: 'must be a JSON object',
      });
    }
    assertSafeJsonShape(value, metadata.type);
    return super.transform(value, metadata);
  }
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
