import { ArgumentMetadata, createParamDecorator, ExecutionContext, PipeTransform } from '@nestjs/common';
import { ApiBody, ApiBodyOptions } from '@nestjs/swagger';
import { QuarryValidationPipe } from './quarry-validation.pipe';

/** Quarry's validation of a request body, whatever the pipes before it made of the value. */
class RequestBodyValidation implements PipeTransform {
  private readonly validation = new QuarryValidationPipe();

  transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    return this.validation.transform(value, { ...metadata, type: 'body' });
  }
}

/**
 * The request body as it arrived. A custom parameter, so the pipes a host app installs globally
 * (a `ValidationPipe` with `whitelist` would strip unknown fields Quarry refuses) leave it alone.
 */
const rawBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext): unknown =>
    context.switchToHttp().getRequest<{ body?: unknown }>().body,
);

const bodyValidation = new RequestBodyValidation();

/**
 * A Quarry route's JSON body, validated by Quarry's rules into its declared DTO class on the raw
 * request body and described in the OpenAPI document as `@Body()` would describe it, or as
 * `document` says (the route's `@ApiBody` options: one description of the body per route).
 */
export function QuarryBody(document?: ApiBodyOptions): ParameterDecorator {
  return (target, key, index) => {
    rawBody(undefined, bodyValidation)(target, key, index);
    const types = Reflect.getMetadata('design:paramtypes', target, key!) as unknown[];
    const method = Object.getOwnPropertyDescriptor(target, key!)!;
    ApiBody(document ?? { type: types[index] as never })(target, key!, method);
  };
}
