import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import {
  CallbackDeliveryDto,
  HttpUrlField,
  NO_CONTROL_CHARACTERS_PATTERN,
  NoControlCharacters,
  OptionalField,
} from '@quarry/http';
import { ScrapeRequestDto } from './scrape-request.dto';
import { ScrapeErrorBodyDto, ScrapeResultDto } from './scrape-response.dto';
import type { ScrapeJob } from '../../jobs/scrape-job';

export class AsyncScrapeRequestDto extends ScrapeRequestDto {
  @HttpUrlField({
    description:
      'Public http(s) URL that receives the result as a signed POST. A host that does not resolve yet is accepted; each delivery checks it again.',
  })
  callbackUrl!: string;

  @ApiPropertyOptional({
    description: 'Sent back as the x-callback-token header of the callback.',
    maxLength: 256,
    pattern: NO_CONTROL_CHARACTERS_PATTERN,
  })
  @OptionalField()
  @IsString()
  @MaxLength(256)
  @NoControlCharacters()
  callbackToken?: string;
}

export class AsyncScrapeAcceptedDto {
  @ApiProperty()
  jobId!: string;

  @ApiProperty({ enum: ['queued'] })
  status!: 'queued';
}

export class ScrapeJobDto {
  @ApiProperty()
  jobId!: string;

  @ApiProperty({ enum: ['queued', 'processing', 'completed', 'failed'] })
  status!: string;

  @ApiProperty({
    type: 'integer',
    description: 'Scrape attempts made so far (transient failures are retried).',
  })
  attempts!: number;

  @ApiPropertyOptional({ type: ScrapeResultDto })
  result?: ScrapeResultDto;

  @ApiPropertyOptional({ type: ScrapeErrorBodyDto })
  error?: ScrapeErrorBodyDto;

  @ApiProperty({ type: CallbackDeliveryDto })
  delivery!: CallbackDeliveryDto;
}

/** An async scrape as `GET /v1/api/scrape/jobs/{jobId}` answers it. */
export function scrapeJobView(job: ScrapeJob): ScrapeJobDto {
  return {
    jobId: job.id,
    status: job.status,
    attempts: job.attempts,
    result: job.result,
    error: job.error,
    // Every async scrape has a callback, so it always has a delivery.
    delivery: job.delivery!,
  };
}
