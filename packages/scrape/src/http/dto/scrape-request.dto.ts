import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { HTTP_URL_PATTERN, IsHttpUrl, OptionalField } from '@quarry/core';

export class ScrapeRequestDto {
  @ApiProperty({
    description: 'A public http(s) URL.',
    format: 'uri',
    pattern: HTTP_URL_PATTERN,
    minLength: 1,
    maxLength: 2048,
    example: 'https://example.com/article',
  })
  @IsHttpUrl()
  url!: string;

  @ApiPropertyOptional({
    description: 'Skip the cache read; the fresh result is still cached.',
    default: false,
  })
  @OptionalField()
  @IsBoolean()
  forceFresh?: boolean;

  @ApiPropertyOptional({
    description: 'Budget of the whole request in milliseconds.',
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

  @ApiPropertyOptional({
    description: 'Render in headless Chromium and wait for this CSS selector.',
    maxLength: 512,
  })
  @OptionalField()
  @IsString()
  @MaxLength(512)
  waitForSelector?: string;

  @ApiPropertyOptional({
    description: 'Render in headless Chromium and wait this long after load, in milliseconds.',
    type: 'integer',
    minimum: 0,
    maximum: 10000,
  })
  @OptionalField()
  @IsInt()
  @Min(0)
  @Max(10000)
  extraWaitMs?: number;
}

export class InvalidateRequestDto {
  @ApiProperty({
    description: 'The http(s) URL whose cached result is dropped; nothing is fetched.',
    format: 'uri',
    pattern: HTTP_URL_PATTERN,
    minLength: 1,
    maxLength: 2048,
  })
  @IsHttpUrl()
  url!: string;
}
