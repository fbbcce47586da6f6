import { JobRecordStore } from '@quarry/jobs';
import type { VideoRequest } from '../domain/video-request';
import type { VideoResult } from '../domain/video-result';
import type { VideoJobError } from '../jobs/video-job';

/** Where video jobs are kept until they expire; an expired job is never returned. */
export abstract class VideoJobStore extends JobRecordStore<VideoRequest, VideoResult, VideoJobError> {}
