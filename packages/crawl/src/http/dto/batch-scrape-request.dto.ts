import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { HTTP_URL_PATTERN, MAX_URL_LENGTH } from '@quarry/core';
import { OptionalField } from '@quarry/http';
import { ScrapeOptionsDto } from '@quarry/scrape';
import { CRAWL_LIMITS } from '../../jobs/crawl-jobs.service';
import { CrawlCallbackFieldsDto } from './crawl-callback.dto';

export class BatchScrapeRequestDto extends CrawlCallbackFieldsDto {
  @ApiProperty({
    description: 'Public http(s) URLs; the same page written twice is scraped once.',
    type: 'array',
    items: { type: 'string', format: 'uri', pattern: HTTP_URL_PATTERN, maxLength: MAX_URL_LENGTH },
    minItems: 1,
    maxItems: CRAWL_LIMITS.maxBatchUrls,
  })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CRAWL_LIMITS.maxBatchUrls)
  @IsString({ each: true, message: 'each value in urls must be an http(s) URL' })
  @Matches(new RegExp(HTTP_URL_PATTERN), { each: true, message: 'each value in urls must be an http(s) URL' })
  @MaxLength(MAX_URL_LENGTH, { each: true })
  urls!: string[];

  @ApiPropertyOptional({
    type: ScrapeOptionsDto,
    description: 'How each page is scraped: the options of a sync scrape.',
  })
  @OptionalField()
  @IsObject()
  @ValidateNested()
  @Type(() => ScrapeOptionsDto)
  scrapeOptions?: ScrapeOptionsDto;
}
