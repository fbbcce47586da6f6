import { DataSource, LessThanOrEqual, MoreThan } from 'typeorm';
import { Clock } from '@quarry/core';
import type { CachedVideoResult } from '../../domain/video-result';
import { TranscriptCache, TranscriptCacheKey } from '../../ports/transcript-cache';
import { VideoTranscriptEntity } from './video-transcript.entity';

/** Expired rows are deleted at most this often, on a write. */
const PURGE_INTERVAL_MS = 10 * 60_000;

/** The transcript cache as rows of the app's database, one per (platform, platformId, language, source). */
export class DatabaseTranscriptCache extends TranscriptCache {
  private lastPurge = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    super();
  }

  private get rows() {
    return this.dataSource.getRepository(VideoTranscriptEntity);
  }

  async get(key: TranscriptCacheKey): Promise<CachedVideoResult | undefined> {
    const row = await this.rows.findOneBy({ ...key, expiresAt: MoreThan(this.clock.now()) });
    return row ? (JSON.parse(row.value) as CachedVideoResult) : undefined;
  }

  async set(keys: TranscriptCacheKey[], value: CachedVideoResult, ttlMs: number): Promise<void> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + ttlMs);
    const text = JSON.stringify(value);
    await this.rows.upsert(
      keys.map((key) => ({ ...key, value: text, expiresAt })),
      ['platform', 'platformId', 'language', 'source'],
    );
    if (now.getTime() - this.lastPurge > PURGE_INTERVAL_MS) {
      this.lastPurge = now.getTime();
      await this.rows.delete({ expiresAt: LessThanOrEqual(now) });
    }
  }
}
