import { CreateVideoTranscripts1764100000000 } from './migrations/1764100000000-create-video-transcripts.migration';
import { CreateVideoJobs1764110000000 } from './migrations/1764110000000-create-video-jobs.migration';
import { IndexVideoJobsByAccount1764920000000 } from './migrations/1764920000000-index-video-jobs-by-account.migration';
import { CreateVideoTranscribedPieces1766200000000 } from './migrations/1766200000000-create-video-transcribed-pieces.migration';
import { AddApiKeyToVideoJobs1766700200000 } from './migrations/1766700200000-add-api-key-to-video-jobs.migration';
import { VideoJobEntity } from './video-job.entity';
import { VideoTranscribedPieceEntity } from './video-transcribed-piece.entity';
import { VideoTranscriptEntity } from './video-transcript.entity';

/** What the app adds to its TypeORM data source for this package. */
export const videoEntities = [VideoTranscriptEntity, VideoJobEntity, VideoTranscribedPieceEntity];
export const videoMigrations = [
  CreateVideoTranscripts1764100000000,
  CreateVideoJobs1764110000000,
  IndexVideoJobsByAccount1764920000000,
  CreateVideoTranscribedPieces1766200000000,
  AddApiKeyToVideoJobs1766700200000,
];
