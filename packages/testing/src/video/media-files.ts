import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A scratch directory with a media file of random bytes to serve, and fresh paths to download to. */
export interface MediaScratch {
  dir: string;
  /** A file of `size` random bytes. */
  source: string;
  /** A new path in the directory, not yet created. */
  target(): string;
  remove(): void;
}

export function mediaScratch(size = 3 * 1024 * 1024): MediaScratch {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-video-'));
  const source = join(dir, 'source.mp4');
  writeFileSync(source, randomBytes(size));
  let count = 0;
  return {
    dir,
    source,
    target: () => join(dir, `download-${(count += 1)}.mp4`),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
