import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import {
  HttpUrlField,
  NO_CONTROL_CHARACTERS_PATTERN,
  NoControlCharacters,
  OptionalField,
} from '@quarry/http';
import { CRAWL_EVENTS, type CrawlEvent } from '../../domain/crawl-request';

/** The callback fields a crawl and a batch share. */
export class CrawlCallbackFieldsDto {
  @HttpUrlField({
    description:
      "Public http(s) URL that receives the job's events as signed POSTs (Standard Webhooks). A host that does not resolve yet is accepted; each delivery checks it again.",
    optional: true,
  })
  callbackUrl?: string;

  @ApiPropertyOptional({
    description: 'Sent back as the x-callback-token header of every event.',
    maxLength: 256,
    pattern: NO_CONTROL_CHARACTERS_PATTERN,
  })
  @OptionalField()
  @IsString()
  @MaxLength(256)
  @NoControlCharacters()
  callbackToken?: string;

  @ApiPropertyOptional({
    description:
      'Events POSTed to callbackUrl: `started`, `page` (each recorded page), `completed` and `failed` (the final callback, sent when either is asked). Default: all.',
    type: 'array',
    items: { type: 'string', enum: [...CRAWL_EVENTS] },
    minItems: 1,
    maxItems: CRAWL_EVENTS.length,
  })
  @OptionalField()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CRAWL_EVENTS.length)
  @IsIn(CRAWL_EVENTS, { each: true })
  webhookEvents?: CrawlEvent[];
}
