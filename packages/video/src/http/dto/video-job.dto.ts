import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CallbackDeliveryDto } from '@quarry/http';
import { VIDEO_PLATFORMS } from '../../domain/video';
import { VIDEO_ERROR_CODES } from '../../domain/video.error';
import type { VideoJob } from '../../jobs/video-job';

export class VideoJobAcceptedDto {
  @ApiProperty({ description: 'The job id (a UUID today; typed as a string, as in the original document).' })
  jobId!: string;

  @ApiProperty({ enum: ['queued'] })
  status!: 'queued';
}

export class VideoAuthorDto {
  @ApiProperty({ type: String, nullable: true })
  displayName!: string | null;

  @ApiProperty({ type: String, nullable: true, description: 'Without a leading @.' })
  handle!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true })
  profileUrl!: string | null;
}

export class TranscriptSegmentDto {
  @ApiProperty({ description: 'Plain text: entities decoded, markup removed, never empty.' })
  text!: string;

  @ApiProperty({ type: 'integer', minimum: 0 })
  startMs!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  durationMs!: number;
}

export class VideoTranscriptDto {
  @ApiProperty({ description: "The segments' text joined by spaces." })
  text!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The caption track's language as the platform names it, or the language speech-to-text heard; null when unknown.",
    example: 'en',
  })
  language!: string | null;

  @ApiProperty({
    type: [String],
    description: "The languages of the video's caption tracks, each once; empty when it has none.",
  })
  availableLanguages!: string[];

  @ApiProperty({ enum: ['captions', 'generated'] })
  source!: 'captions' | 'generated';

  @ApiProperty({ type: [TranscriptSegmentDto] })
  segments!: TranscriptSegmentDto[];
}

export class VideoResultDto {
  @ApiProperty({ format: 'uri', description: 'The URL as requested.' })
  url!: string;

  @ApiProperty({ format: 'uri', description: "The video's canonical public URL on its platform." })
  finalUrl!: string;

  @ApiProperty({ enum: VIDEO_PLATFORMS })
  platform!: string;

  @ApiProperty({ description: "The video's id on its platform." })
  platformId!: string;

  @ApiProperty({ type: String, nullable: true })
  title!: string | null;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ type: VideoAuthorDto })
  author!: VideoAuthorDto;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description:
      "Whole seconds (rounded, halves up): the platform's length, else the media's measured length, else the end of the last segment.",
  })
  durationSeconds!: number;

  @ApiProperty({ type: String, format: 'uri', nullable: true })
  thumbnailUrl!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  publishedAt!: string | null;

  @ApiProperty({ type: VideoTranscriptDto })
  transcript!: VideoTranscriptDto;

  @ApiProperty({
    type: String,
    format: 'date-time',
    description: 'When the transcript was made; a cached result keeps its original time.',
  })
  processedAt!: string;

  @ApiProperty({ description: 'True when the transcript came from the cache.' })
  cached!: boolean;

  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description:
      '1 for captions or a cached transcript; 4 per started audio minute (at least one) for a generated one. At least 1 unless the host app prices the source at 0.',
  })
  credits!: number;
}

export class VideoJobErrorDto {
  @ApiProperty({ enum: VIDEO_ERROR_CODES })
  code!: string;

  @ApiProperty()
  message!: string;

  @ApiProperty({ format: 'uri', description: 'The URL as requested.' })
  url!: string;
}

export class VideoJobDto {
  @ApiProperty({ description: 'The job id (a UUID today; typed as a string, as in the original document).' })
  jobId!: string;

  @ApiProperty({ enum: ['queued', 'processing', 'completed', 'failed'] })
  status!: string;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: 100, description: 'Never goes back.' })
  progress!: number;

  @ApiPropertyOptional({ type: VideoResultDto, description: 'Present once completed.' })
  result?: VideoResultDto;

  @ApiPropertyOptional({ type: VideoJobErrorDto, description: 'Present once failed.' })
  error?: VideoJobErrorDto;

  @ApiPropertyOptional({
    type: CallbackDeliveryDto,
    description: 'Present when the job was submitted with a callbackUrl.',
  })
  delivery?: CallbackDeliveryDto;
}

/** A video job as `GET /v1/api/video/jobs/{jobId}` answers it: its result once completed, its error once failed. */
export function videoJobView(job: VideoJob): VideoJobDto {
  return {
    jobId: job.id,
    status: job.status,
    progress: job.progress,
    result: job.status === 'completed' ? job.result : undefined,
    error: job.status === 'failed' ? job.error : undefined,
    delivery: job.delivery,
  };
}
