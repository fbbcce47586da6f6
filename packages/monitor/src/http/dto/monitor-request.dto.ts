import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsRFC3339,
  IsObject,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { HttpUrlField, OptionalField } from '@quarry/core';
import { MAX_SECRET_LENGTH, MIN_SECRET_LENGTH } from '../../domain/monitors.service';
import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES } from '../../monitor-options.interface';

export class WebhookChannelRequestDto {
  @HttpUrlField({
    description:
      'Public http(s) URL that receives `monitor.changed` POSTs, signed with Standard Webhooks. A host that does not resolve yet is accepted; each notification checks it again.',
  })
  url!: string;

  @ApiPropertyOptional({
    description:
      'The signing secret; generated (`whsec_` + base64 of 32 random bytes) when absent and returned once, at creation. A `whsec_` + base64 secret signs with the bytes it encodes, as Standard Webhooks prescribes; any other string with its UTF-8 bytes.',
    minLength: MIN_SECRET_LENGTH,
    maxLength: MAX_SECRET_LENGTH,
  })
  @OptionalField()
  @IsString()
  @Length(MIN_SECRET_LENGTH, MAX_SECRET_LENGTH)
  secret?: string;
}

export class NotificationsRequestDto {
  @ApiPropertyOptional({ description: "Email the account's address on changes.", default: true })
  @OptionalField()
  @IsBoolean()
  email?: boolean;

  @ApiPropertyOptional({ type: WebhookChannelRequestDto })
  @OptionalField()
  @IsObject()
  @ValidateNested()
  @Type(() => WebhookChannelRequestDto)
  webhook?: WebhookChannelRequestDto;
}

export class CreateMonitorDto {
  @HttpUrlField({
    description: 'The public http(s) page to watch; its host must resolve now.',
    example: 'https://example.com/pricing',
  })
  url!: string;

  @ApiPropertyOptional({
    description: 'Minutes between checks.',
    type: 'integer',
    minimum: MIN_INTERVAL_MINUTES,
    maximum: MAX_INTERVAL_MINUTES,
    default: 60,
  })
  @OptionalField()
  @IsInt()
  @Min(MIN_INTERVAL_MINUTES)
  @Max(MAX_INTERVAL_MINUTES)
  intervalMinutes?: number;

  @ApiPropertyOptional({ type: NotificationsRequestDto })
  @OptionalField()
  @IsObject()
  @ValidateNested()
  @Type(() => NotificationsRequestDto)
  notifications?: NotificationsRequestDto;
}

export class UpdateMonitorDto {
  @ApiPropertyOptional({
    enum: ['active', 'paused'],
    description: 'Pausing stops scheduled checks; resuming checks now and resets consecutiveFailures.',
  })
  @OptionalField()
  @IsIn(['active', 'paused'])
  status?: 'active' | 'paused';

  @ApiPropertyOptional({ type: 'integer', minimum: MIN_INTERVAL_MINUTES, maximum: MAX_INTERVAL_MINUTES })
  @OptionalField()
  @IsInt()
  @Min(MIN_INTERVAL_MINUTES)
  @Max(MAX_INTERVAL_MINUTES)
  intervalMinutes?: number;
}

export class HistoryQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 200, default: 50 })
  @OptionalField()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @ApiPropertyOptional({
    description: 'Only entries older than this time (the last one of the previous page).',
    format: 'date-time',
    example: '2026-11-21T10:00:00.000Z',
  })
  @OptionalField()
  @IsRFC3339()
  before?: string;
}
