import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsInt,
  IsRFC3339,
  IsObject,
  IsString,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { HttpUrlField, OptionalField } from '@quarry/http';
import { MAX_NAME_LENGTH } from '../../domain/monitor';
import { MAX_SECRET_LENGTH, MIN_SECRET_LENGTH } from '../../domain/monitors.service';
import {
  MAX_IGNORE_PATTERNS,
  MAX_PATTERN_LENGTH,
  MAX_SELECTOR_LENGTH,
  MAX_TRIGGER_LENGTH,
  MONITOR_SCOPES,
  type MonitorScope,
} from '../../domain/watch';
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

/** What of the page a monitor watches and when it notifies: shared by creation and PATCH. */
export class WatchFieldsDto {
  @ApiPropertyOptional({
    description:
      'A name for people; without one, the page title read by the first check that finds one. An empty string on PATCH goes back to that.',
    maxLength: MAX_NAME_LENGTH,
  })
  @OptionalField()
  @IsString()
  @Length(0, MAX_NAME_LENGTH)
  name?: string;

  @ApiPropertyOptional({
    enum: MONITOR_SCOPES,
    default: 'content',
    description:
      '`content`: the extracted main content (Markdown), as before; `page`: all visible text of the page (headers, navigation, the lines around the heading included); `selector`: the visible text of the elements `selector` matches. Changing it (or `selector`, `ignore`) starts from a new baseline.',
  })
  @OptionalField()
  @IsIn(MONITOR_SCOPES)
  scope?: MonitorScope;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_SELECTOR_LENGTH,
    description:
      'The CSS selector of scope `selector` (required with it, refused with another scope; given without `scope`, it sets scope `selector`), e.g. `#price, .plan > h3`. A check where it matches nothing is an `error` check with `errorCode: "SELECTOR_NOT_FOUND"`, not a change.',
    example: 'main .price',
  })
  @IsOptional()
  @IsString()
  @Length(1, MAX_SELECTOR_LENGTH)
  selector?: string | null;

  @ApiPropertyOptional({
    type: [String],
    maxItems: MAX_IGNORE_PATTERNS,
    description: `JavaScript regular expressions (1..${MAX_PATTERN_LENGTH} characters each): lines matching any are left out of the comparison. Refused: a repeated group that holds a repetition or an alternation, e.g. \`(a+)+\`, backreferences, repeat counts above 100.`,
    example: ['^Updated: ', '\\d{4}-\\d{2}-\\d{2}'],
  })
  @OptionalField()
  @IsArray()
  @ArrayMaxSize(MAX_IGNORE_PATTERNS)
  @IsString({ each: true })
  @Length(1, MAX_PATTERN_LENGTH, { each: true })
  ignore?: string[];

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_TRIGGER_LENGTH,
    description:
      'Notify only when the new text contains this (case-sensitive); changes without it are still recorded as events. Null or empty: every change.',
    example: 'Sold out',
  })
  @IsOptional()
  @IsString()
  @Length(0, MAX_TRIGGER_LENGTH)
  trigger?: string | null;
}

export class CreateMonitorDto extends WatchFieldsDto {
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

export class WebhookUpdateDto {
  @HttpUrlField({ description: 'The new webhook URL; the monitor keeps its signing secret.' })
  url!: string;
}

export class NotificationsUpdateDto {
  @ApiPropertyOptional({ description: "Email the account's address on changes." })
  @OptionalField()
  @IsBoolean()
  email?: boolean;

  @ApiPropertyOptional({ type: WebhookUpdateDto, nullable: true, description: 'Null stops posting.' })
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => WebhookUpdateDto)
  webhook?: WebhookUpdateDto | null;
}

export class UpdateMonitorDto extends WatchFieldsDto {
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

  @ApiPropertyOptional({ type: NotificationsUpdateDto })
  @OptionalField()
  @IsObject()
  @ValidateNested()
  @Type(() => NotificationsUpdateDto)
  notifications?: NotificationsUpdateDto;
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
