import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, Max, Min } from 'class-validator';
import { HTTP_URL_PATTERN, IsHttpUrl, OptionalField } from '@quarry/core';

export class BrandRequestDto {
  @ApiProperty({
    description: 'A public http(s) URL: the page whose brand is profiled, usually the home page.',
    format: 'uri',
    pattern: HTTP_URL_PATTERN,
    minLength: 1,
    maxLength: 2048,
    example: 'https://example.com/',
  })
  @IsHttpUrl()
  url!: string;

  @ApiPropertyOptional({
    description:
      'Budget of the whole request in milliseconds: waiting for a browser page, loading and measuring.',
    type: 'integer',
    minimum: 1000,
    maximum: 120000,
    default: 30000,
  })
  @OptionalField()
  @IsInt()
  @Min(1000)
  @Max(120000)
  timeoutMs?: number;
}
