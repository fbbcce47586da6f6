import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { HttpUrlField, OptionalField, TimeoutMsField } from '@quarry/http';

export class ScreenshotRequestDto {
  @HttpUrlField({ description: 'A public http(s) URL.', example: 'https://example.com/' })
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

  @TimeoutMsField(
    'Budget of the whole request in milliseconds: waiting for a browser page, loading, waiting and encoding.',
  )
  timeoutMs?: number;
}
