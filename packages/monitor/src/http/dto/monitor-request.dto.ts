import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { MAX_SECRET_LENGTH, MIN_SECRET_LENGTH } from '../../domain/monitors.service';
import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES } from '../../monitor-options.interface';

export class WebhookChannelRequestDto {
  @ApiProperty({
    description: 'Public http(s) URL that receives `monitor.changed` POSTs, signed with Standard Webhooks.',
    maxLength: 2048,
  })
  @IsString()
  @MaxLength(2048)
  url!: string;

  @ApiPropertyOptional({
    description:
      'The signing secret (base64, optionally prefixed with `whsec_`); generated when absent. Returned once, at creation.',
    minLength: MIN_SECRET_LENGTH,
    maxLength: MAX_SECRET_LENGTH,
  })
  @IsOptional()
  @IsString()
  @Length(MIN_SECRET_LENGTH, MAX_SECRET_LENGTH)
  secret?: string;
}

export class NotificationsRequestDto {
  @ApiPropertyOptional({ description: "Email the account's address on changes.", default: true })
  @IsOptional()
  @IsBoolean()
  email?: boolean;

  @ApiPropertyOptional({ type: WebhookChannelRequestDto })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => WebhookChannelRequestDto)
  webhook?: WebhookChannelRequestDto;
}

export class CreateMonitorDto {
  @ApiProperty({
    description: 'The public http(s) page to watch.',
    maxLength: 2048,
    example: 'https://example.com/pricing',
  })
  @IsString()
  @MaxLength(2048)
  url!: string;

  @ApiPropertyOptional({
    description: 'Minutes between checks.',
    minimum: MIN_INTERVAL_MINUTES,
    maximum: MAX_INTERVAL_MINUTES,
    default: 60,
  })
  @IsOptional()
  @IsInt()
  @Min(MIN_INTERVAL_MINUTES)
  @Max(MAX_INTERVAL_MINUTES)
  intervalMinutes?: number;

  @ApiPropertyOptional({ type: NotificationsRequestDto })
  @IsOptional()
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
  @IsOptional()
  @IsIn(['active', 'paused'])
  status?: 'active' | 'paused';

  @ApiPropertyOptional({ minimum: MIN_INTERVAL_MINUTES, maximum: MAX_INTERVAL_MINUTES })
  @IsOptional()
  @IsInt()
  @Min(MIN_INTERVAL_MINUTES)
  @Max(MAX_INTERVAL_MINUTES)
  intervalMinutes?: number;
}

export class HistoryQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  limit?: number;

  @ApiPropertyOptional({
    description: 'Only entries older than this time (the last one of the previous page).',
    example: '2026-11-21T10:00:00.000Z',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  before?: string;
}
