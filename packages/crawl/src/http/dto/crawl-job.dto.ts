import { ApiExtraModels, ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { ScrapeResultDto } from '@quarry/scrape';

export class CrawlAcceptedDto {
  @ApiProperty()
  jobId!: string;

  @ApiProperty({ enum: ['queued'] })
  status!: 'queued';
}

export class CompletedPageDto extends ScrapeResultDto {
  @ApiProperty({ enum: ['completed'] })
  status!: 'completed';
}

export class FailedPageDto {
  @ApiProperty({ enum: ['failed'] })
  status!: 'failed';

  @ApiProperty({ format: 'uri' })
  url!: string;

  @ApiProperty({
    description:
      'The scrape error code (docs/api.md §1: URL_NOT_FOUND, ORIGIN_ERROR, TIMEOUT, ...), or INVALID_REQUEST for a URL the public-URL policy refused.',
  })
  error!: string;

  @ApiProperty()
  message!: string;
}

export class CrawlErrorDto {
  @ApiProperty()
  error!: string;

  @ApiProperty()
  message!: string;
}

@ApiExtraModels(CompletedPageDto, FailedPageDto)
export class CrawlJobDto {
  @ApiProperty()
  jobId!: string;

  @ApiProperty({ enum: ['crawl', 'batch'] })
  kind!: 'crawl' | 'batch';

  @ApiProperty({ enum: ['queued', 'running', 'completed', 'cancelled', 'failed'] })
  status!: string;

  @ApiProperty({
    type: 'integer',
    description: 'Pages discovered in scope (a batch: its distinct URLs), at most the limit.',
  })
  total!: number;

  @ApiProperty({ type: 'integer', description: 'Pages scraped successfully.' })
  completed!: number;

  @ApiProperty({
    type: 'integer',
    description: 'Pages whose scrape failed (listed among pages with their error codes).',
  })
  failed!: number;

  @ApiProperty({ type: 'integer', description: 'Credits charged: one per completed page.' })
  creditsUsed!: number;

  @ApiProperty({ format: 'date-time', description: 'The job and its pages are gone (404) from then on.' })
  expiresAt!: Date;

  @ApiPropertyOptional({
    enum: ['cancelled', 'credits'],
    description:
      'Why the job ended before every page was fetched: cancelled, or the balance ran out (status stays completed).',
  })
  reason?: string;

  @ApiPropertyOptional({ type: CrawlErrorDto, description: 'Why the job failed as a whole.' })
  error?: CrawlErrorDto;

  @ApiProperty({
    description: 'Recorded pages in the order they were recorded, at most 100 per answer.',
    type: 'array',
    items: { oneOf: [{ $ref: getSchemaPath(CompletedPageDto) }, { $ref: getSchemaPath(FailedPageDto) }] },
  })
  pages!: (CompletedPageDto | FailedPageDto)[];

  @ApiPropertyOptional({
    description:
      'Pass as `cursor` for the pages recorded after these; absent once the job ended and every page was returned.',
  })
  next?: string;
}
