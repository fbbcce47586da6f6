import { ApiProperty } from '@nestjs/swagger';

/** SPEC §1's error body, for the OpenAPI document. */
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
    example: { url: 'must be a public http(s) URL' },
  })
  details!: Record<string, string>;
}
