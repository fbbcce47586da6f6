import { Entity } from 'typeorm';
import { JobRecordEntity } from '@quarry/jobs';

/** Video jobs: the job block's columns (the request is the url, mode, language and forceFresh). */
@Entity({ name: 'quarry_video_jobs' })
export class VideoJobEntity extends JobRecordEntity {}
