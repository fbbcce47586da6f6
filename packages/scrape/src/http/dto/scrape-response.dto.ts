import { ApiProperty } from '@nestjs/swagger';

export class ScrapeResultDto {
  @ApiProperty({ format: 'uri', description: 'The URL as requested.' })
  url!: string;

  @ApiProperty({ format: 'uri', description: 'The URL after redirects.' })
  finalUrl!: string;

  @ApiProperty({ type: String, nullable: true })
  title!: string | null;

  @ApiProperty({ description: 'The readable main content as GitHub-flavoured Markdown; links absolute.' })
  markdown!: string;

  @ApiProperty({ description: 'The cleaned main-content HTML the Markdown was made from.' })
  html!: string;

  @ApiProperty({ type: 'integer', description: 'Characters of markdown.' })
  contentLength!: number;

  @ApiProperty({
    format: 'date-time',
    description: 'When the origin was fetched; a cached result keeps its original time.',
    example: '2026-11-21T10:00:00.000Z',
  })
  fetchedAt!: string;

  @ApiProperty({ description: 'True when served from the cache.' })
  cached!: boolean;
}

export class ScrapeErrorBodyDto {
  @ApiProperty({
    enum: [
      'AUTH_REQUIRED',
      'URL_NOT_FOUND',
      'UNREADABLE_CONTENT',
      'TOO_LARGE',
      'ORIGIN_ERROR',
      'TIMEOUT',
      'SCRAPE_FAILED',
    ],
  })
  error!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ format: 'uri', description: 'The URL as requested.' })
  url!: string;
}

export class OkDto {
  @ApiProperty({ example: true })
  ok!: true;
}
