import { DataSource, LessThanOrEqual } from 'typeorm';
import { Clock } from '@quarry/core';
import {
  type AudioRange,
  type PieceTranscript,
  TranscribedPieceStore,
  type TranscribedPieces,
} from '../../ports/transcribed-pieces';
import { VideoTranscribedPieceEntity } from './video-transcribed-piece.entity';

/** Expired rows are deleted at most this often, on a write. */
const PURGE_INTERVAL_MS = 10 * 60_000;

/**
 * Transcribed pieces as rows of the app's database, one per (job, piece), kept as long as the job
 * (`keepMs`) at most: a job that never ends leaves nothing behind for long.
 */
export class DatabaseTranscribedPieceStore extends TranscribedPieceStore {
  private lastPurge = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly keepMs: number,
  ) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(VideoTranscribedPieceEntity);
  }

  of(jobId: string): TranscribedPieces {
    return {
      get: async (range) => {
        const row = await this.rows.findOneBy({ jobId, piece: pieceKey(range) });
        return row ? (JSON.parse(row.transcript) as PieceTranscript) : null;
      },
      put: async (range, transcript) => {
        const now = this.clock.now();
        await this.rows.upsert(
          {
            jobId,
            piece: pieceKey(range),
            transcript: JSON.stringify(transcript),
            expiresAt: new Date(now.getTime() + this.keepMs),
          },
          ['jobId', 'piece'],
        );
        if (now.getTime() - this.lastPurge > PURGE_INTERVAL_MS) {
          this.lastPurge = now.getTime();
          await this.rows.delete({ expiresAt: LessThanOrEqual(now) });
        }
      },
    };
  }

  async forget(jobId: string): Promise<void> {
    await this.rows.delete({ jobId });
  }
}

function pieceKey({ startMs, endMs }: AudioRange): string {
  return `${startMs}-${endMs ?? 'end'}`;
}
