import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { HttpUrlField, OptionalField, TimeoutMsField } from '@quarry/http';

/** How a page is scraped: the options of a scrape besides its URL, also the `scrapeOptions` of a crawl. */
export class ScrapeOptionsDto {
  @ApiPropertyOptional({
    description: 'Skip the cache read; the fresh result is still cached.',
    default: false,
  })
  @OptionalField()
  @IsBoolean()
  forceFresh?: boolean;

  @TimeoutMsField('Budget of the whole request in milliseconds.')
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

export class ScrapeRequestDto extends ScrapeOptionsDto {
  @HttpUrlField({ description: 'A public http(s) URL.', example: 'https://example.com/article' })
  url!: string;
}

export class InvalidateRequestDto {
  @HttpUrlField({ description: 'The http(s) URL whose cached result is dropped; nothing is fetched.' })
  url!: string;
}
