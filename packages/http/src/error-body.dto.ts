import { ApiProperty } from '@nestjs/swagger';

/**
 * The JSON error body of docs/api.md §1, for the OpenAPI document: any code (the single-code bodies
 * below are more precise).
 */
export class ErrorBodyDto {
  @ApiProperty({ example: 'not_found' })
  error!: string;

  @ApiProperty({ example: 'Not found.' })
  message!: string;
}

export class ValidationErrorBodyDto extends ErrorBodyDto {
  @ApiProperty({ enum: ['invalid_request'] })
  declare error: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { url: 'url must be an http(s) URL' },
  })
  details!: Record<string, string>;
}

/** 401: the code as a one-value enum, so generated clients type it exactly. */
export class UnauthorizedErrorBodyDto extends ErrorBodyDto {
  @ApiProperty({ enum: ['unauthorized'] })
  declare error: string;
}

/** 402. */
export class PaymentRequiredErrorBodyDto extends ErrorBodyDto {
  @ApiProperty({ enum: ['payment_required'] })
  declare error: string;
}

/** 404. */
export class NotFoundErrorBodyDto extends ErrorBodyDto {
  @ApiProperty({ enum: ['not_found'] })
  declare error: string;
}

/** 413. */
export class PayloadTooLargeErrorBodyDto extends ErrorBodyDto {
  @ApiProperty({ enum: ['payload_too_large'] })
  declare error: string;
}

/** 429, with `Retry-After`. */
export class RateLimitedErrorBodyDto extends ErrorBodyDto {
  @ApiProperty({ enum: ['rate_limited'] })
  declare error: string;
}

/** 501: a route mounted without the modules it needs. */
export class NotImplementedErrorBodyDto extends ErrorBodyDto {
  @ApiProperty({ enum: ['not_implemented'] })
  declare error: string;
}
