import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { HTTP_URL_PATTERN, IsHttpUrl, OptionalField } from '@quarry/core';

export class ScreenshotRequestDto {
  @ApiProperty({
    description: 'A public http(s) URL.',
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
      'CSS selector to wait for after the page loaded; not appearing within timeoutMs is a 504 TIMEOUT.',
    maxLength: 512,
    example: '#content',
  })
  @OptionalField()
  @IsString()
  @MaxLength(512)
  waitForSelector?: string;

  @ApiPropertyOptional({
    description: 'Milliseconds to wait after load (and the selector) before the capture.',
    type: 'integer',
    minimum: 0,
    maximum: 10000,
    default: 0,
  })
  @OptionalField()
  @IsInt()
  @Min(0)
  @Max(10000)
  extraWaitMs?: number;

  @ApiPropertyOptional({
    description:
      'Capture the whole page, 1280 px wide, cut at 10000 px height, instead of the 1280 x 800 viewport.',
    default: false,
  })
  @OptionalField()
  @IsBoolean()
  fullPage?: boolean;

  @ApiPropertyOptional({
    description: 'JPEG quality.',
    type: 'integer',
    minimum: 1,
    maximum: 100,
    default: 80,
  })
  @OptionalField()
  @IsInt()
  @Min(1)
  @Max(100)
  quality?: number;

  @ApiPropertyOptional({
    description:
      'Budget of the whole request in milliseconds: waiting for a browser page, loading, waiting and encoding.',
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
