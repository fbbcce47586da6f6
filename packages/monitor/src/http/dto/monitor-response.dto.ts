import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ErrorBodyDto } from '@quarry/http';
import { MONITOR_SCOPES } from '../../domain/watch';

export class MonitorChannelDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: ['email', 'webhook'] })
  type!: string;

  @ApiProperty({ description: "The account's email address, or the webhook URL." })
  destination!: string;

  @ApiProperty()
  enabled!: boolean;
}

export class MonitorDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uri' })
  url!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The name given, or else the page title from the first check that read one.',
  })
  name!: string | null;

  @ApiProperty({ enum: MONITOR_SCOPES, description: 'What of the page is compared.' })
  scope!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The CSS selector of scope `selector`.' })
  selector!: string | null;

  @ApiProperty({ type: [String], description: 'Patterns of lines left out of the comparison.' })
  ignore!: string[];

  @ApiProperty({ type: String, nullable: true, description: 'Notified only when the new text contains it.' })
  trigger!: string | null;

  @ApiProperty({ enum: ['active', 'paused'] })
  status!: string;

  @ApiProperty({ type: 'integer', minimum: 5, maximum: 10080 })
  intervalMinutes!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastCheckedAt!: Date | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Null until the first change.',
  })
  lastChangedAt!: Date | null;

  @ApiProperty({
    type: 'integer',
    description: 'Failed checks in a row; reset by a success or a resume. At 10 the monitor pauses itself.',
  })
  consecutiveFailures!: number;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt!: Date;

  @ApiProperty({ type: String, format: 'date-time' })
  updatedAt!: Date;

  @ApiProperty({ type: [MonitorChannelDto] })
  channels!: MonitorChannelDto[];
}

export class CreatedMonitorDto {
  @ApiProperty({ type: MonitorDto })
  monitor!: MonitorDto;

  @ApiProperty({
    description:
      'The Standard Webhooks signing secret of this monitor; read it again with GET /v1/api/monitors/{id}/webhook-secret.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  webhookSecret!: string;
}

export class MonitorWebhookSecretDto {
  @ApiProperty({
    description: "The Standard Webhooks secret that signs this monitor's webhook notifications.",
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  webhookSecret!: string;
}

export class MonitorResponseDto {
  @ApiProperty({ type: MonitorDto })
  monitor!: MonitorDto;
}

export class MonitorListDto {
  @ApiProperty({ type: [MonitorDto], description: 'Newest first.' })
  monitors!: MonitorDto[];
}

export class MonitorCheckDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  monitorId!: string;

  @ApiProperty({ enum: ['baseline', 'unchanged', 'changed', 'error'] })
  outcome!: string;

  @ApiProperty({ enum: ['http', 'browser'], nullable: true, type: String })
  scrapeTier!: string | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'Milliseconds the check took. Quarry always sets it; nullable as in the original document.',
  })
  durationMs!: number;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The scrape error code of the failed check, or payment_required.',
  })
  errorCode!: string | null;

  @ApiProperty({ type: String, nullable: true })
  errorMessage!: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  checkedAt!: Date;
}

export class MonitorSnapshotDto {
  @ApiProperty({ format: 'uuid' })
  checkId!: string;

  @ApiProperty({ type: String, format: 'date-time' })
  checkedAt!: Date;

  @ApiProperty({
    description:
      'SHA-256 (hex) of `text`: checks that read the same content share it, and a change is a new hash.',
  })
  contentHash!: string;

  @ApiProperty({ type: String, nullable: true, description: 'The page title the check read.' })
  title!: string | null;

  @ApiProperty({
    description:
      "What the check compared: the watched text of the monitor's scope (Markdown for `content`, one line per block for `page` and `selector`), normalised, lines matching `ignore` left out.",
  })
  text!: string;
}

export class MonitorSnapshotResponseDto {
  @ApiProperty({ type: MonitorSnapshotDto })
  snapshot!: MonitorSnapshotDto;
}

export class MonitorCheckListDto {
  @ApiProperty({ type: [MonitorCheckDto], description: 'Newest first.' })
  checks!: MonitorCheckDto[];
}

export class ChangeSummaryDto {
  @ApiProperty({ type: [String], description: 'Lines added, in page order; at most 200.' })
  addedLines!: string[];

  @ApiProperty({ type: [String], description: 'Lines removed, in page order; at most 200.' })
  removedLines!: string[];

  @ApiProperty({ type: 'integer', description: 'All lines added.' })
  addedCount!: number;

  @ApiProperty({ type: 'integer', description: 'All lines removed.' })
  removedCount!: number;

  @ApiPropertyOptional({
    description:
      'The change as a unified diff: `@@ -start,count +start,count @@` hunk headers, 3 unchanged lines of context, each line prefixed with a space, `-` or `+`; hunks past 1000 lines are left out. Absent from events recorded before it existed.',
    example: '@@ -1,3 +1,3 @@\n # Pricing\n-Basic: 10 EUR\n+Basic: 12 EUR\n Pro: 30 EUR',
  })
  unifiedDiff?: string;
}

export class MonitorEventDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  monitorId!: string;

  @ApiProperty({ type: ChangeSummaryDto })
  summary!: ChangeSummaryDto;

  @ApiProperty({ type: String, format: 'date-time' })
  detectedAt!: Date;

  @ApiProperty({ type: String, nullable: true })
  previousTitle!: string | null;

  @ApiProperty({ type: String, nullable: true })
  currentTitle!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'SHA-256 hex of the previous normalised Markdown. Quarry always sets it; nullable as in the original document.',
  })
  previousHash!: string;

  @ApiProperty({ description: 'SHA-256 hex of the current normalised Markdown.' })
  currentHash!: string;
}

export class MonitorEventListDto {
  @ApiProperty({ type: [MonitorEventDto], description: 'Newest first.' })
  events!: MonitorEventDto[];
}

export class CheckQueuedDto {
  @ApiProperty({ enum: ['queued'] })
  status!: 'queued';
}

export class MonitorLimitErrorBodyDto extends ErrorBodyDto {
  @ApiProperty({ enum: ['monitor_limit_reached'] })
  declare error: string;

  @ApiProperty({ type: 'integer', description: 'The most monitors the account may have.' })
  limit!: number;
}
