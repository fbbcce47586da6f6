import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { HttpUrlField, OptionalField } from '@quarry/http';
import { ScrapeOptionsDto } from '@quarry/scrape';
import type { SitemapMode } from '../../domain/crawl-request';
import { MAX_PATTERN_LENGTH, MAX_PATTERNS } from '../../domain/path-patterns';
import { CRAWL_LIMITS } from '../../jobs/crawl-jobs.service';
import { CrawlCallbackFieldsDto } from './crawl-callback.dto';

const PATTERNS_DESCRIPTION = `JavaScript regular expressions on the URL path (1..${MAX_PATTERN_LENGTH} characters each, at most ${MAX_PATTERNS}). Refused with 400: a pattern that does not compile, a repeated group that holds a repetition or an alternation (\`(a+)+\`), backreferences, repeat counts above 100.`;

export class CrawlRequestDto extends CrawlCallbackFieldsDto {
  @HttpUrlField({
    description: 'The public http(s) page the crawl starts from.',
    example: 'https://example.com/docs/',
  })
  url!: string;

  @ApiPropertyOptional({
    description: 'Pages at most (every page found in scope counts, fetched or not).',
    type: 'integer',
    minimum: 1,
    maximum: CRAWL_LIMITS.maxLimit,
    default: CRAWL_LIMITS.defaultLimit,
  })
  @OptionalField()
  @IsInt()
  @Min(1)
  @Max(CRAWL_LIMITS.maxLimit)
  limit?: number;

  @ApiPropertyOptional({
    description: 'Link hops from the start URL (sitemap pages are one hop).',
    type: 'integer',
    minimum: 0,
    maximum: CRAWL_LIMITS.maxDepth,
    default: CRAWL_LIMITS.defaultMaxDepth,
  })
  @OptionalField()
  @IsInt()
  @Min(0)
  @Max(CRAWL_LIMITS.maxDepth)
  maxDepth?: number;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_PATTERNS,
    description: `Only paths matching one of these. ${PATTERNS_DESCRIPTION}`,
  })
  @OptionalField()
  @IsArray()
  @ArrayMaxSize(MAX_PATTERNS)
  @IsString({ each: true })
  @Length(1, MAX_PATTERN_LENGTH, { each: true })
  includePaths?: string[];

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_PATTERNS,
    description: `No path matching one of these. ${PATTERNS_DESCRIPTION}`,
  })
  @OptionalField()
  @IsArray()
  @ArrayMaxSize(MAX_PATTERNS)
  @IsString({ each: true })
  @Length(1, MAX_PATTERN_LENGTH, { each: true })
  excludePaths?: string[];

  @ApiPropertyOptional({
    description: "The start URL's whole host, not only its path and below.",
    default: false,
  })
  @OptionalField()
  @IsBoolean()
  crawlEntireDomain?: boolean;

  @ApiPropertyOptional({ description: 'Subdomains of the start host too.', default: false })
  @OptionalField()
  @IsBoolean()
  allowSubdomains?: boolean;

  @ApiPropertyOptional({ description: 'URLs differing only in their query are one page.', default: false })
  @OptionalField()
  @IsBoolean()
  ignoreQueryParameters?: boolean;

  @ApiPropertyOptional({
    enum: ['include', 'skip', 'only'],
    default: 'include',
    description:
      "`include`: the pages of the site's sitemaps (robots.txt `Sitemap:` lines and /sitemap.xml, indexes and gzipped ones) join the links; `skip`: links only; `only`: the sitemaps' pages and the start URL, no links followed.",
  })
  @OptionalField()
  @IsIn(['include', 'skip', 'only'])
  sitemap?: SitemapMode;

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
