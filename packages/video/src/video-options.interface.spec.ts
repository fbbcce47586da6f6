import { FreeBilling } from '@quarry/core';
import {
  defaultMediaDownloadTimeoutMs,
  resolveVideoSettings,
  VIDEO_DEFAULTS,
} from './video-options.interface';

describe('resolveVideoSettings', () => {
  it('applies the documented defaults, keeping given values and ignoring undefined ones', () => {
    const billing = new FreeBilling();
    const settings = resolveVideoSettings({ captionPrice: 2, billing, maxDurationSeconds: undefined });
    expect(settings).toMatchObject({ ...VIDEO_DEFAULTS, captionPrice: 2, billing });
    expect(settings.tempDir).toEqual(expect.any(String));
    expect(VIDEO_DEFAULTS).toMatchObject({
      captionPrice: 1,
      cachedPrice: 1,
      generatedPricePerMinute: 4,
      maxDurationSeconds: 10_800,
      jobRetentionMs: 86_400_000,
      attempts: 3,
      callbackAttempts: 8,
      sttChunkSeconds: 600,
      sttConcurrency: 1,
    });
    expect(settings).toMatchObject({ mediaDownloadTimeoutMs: 1_410_000, maxConcurrentJobsPerAccount: 1 });
  });

  it('derives the download deadline from maxDurationSeconds and the per-account cap from concurrency', () => {
    expect(resolveVideoSettings({ maxDurationSeconds: 600, concurrency: 8 })).toMatchObject({
      mediaDownloadTimeoutMs: 60_000 + 75_000,
      maxConcurrentJobsPerAccount: 4,
    });
    expect(defaultMediaDownloadTimeoutMs(10_800)).toBe(1_410_000);
    expect(resolveVideoSettings({ concurrency: 1 }).maxConcurrentJobsPerAccount).toBe(1);
  });

  it.each([
    [{ captionPrice: -1 }, /captionPrice/],
    [{ generatedPricePerMinute: 1.5 }, /generatedPricePerMinute/],
    [{ maxDurationSeconds: 0 }, /maxDurationSeconds/],
    [{ jobRetentionMs: 60_000 }, /jobRetentionMs must be an integer >= 86400000/],
    [{ attempts: 0 }, /attempts/],
    [{ concurrency: 0 }, /concurrency/],
    [{ mediaDownloadTimeoutMs: 0 }, /mediaDownloadTimeoutMs/],
    [{ maxConcurrentJobsPerAccount: 0 }, /maxConcurrentJobsPerAccount/],
    [{ maxConcurrentJobsPerAccount: 3 }, /maxConcurrentJobsPerAccount \(3\) cannot exceed concurrency \(2\)/],
    [{ ffmpegPath: '' }, /ffmpegPath/],
    [{ sttChunkSeconds: 5 }, /sttChunkSeconds must be an integer >= 10/],
    [{ sttConcurrency: 0 }, /sttConcurrency must be an integer from 1 to 64/],
    [{ stt: { url: 'http://127.0.0.1:8000', model: 'm', timeoutMs: 0 } }, /stt: option timeoutMs/],
    [{ stt: { url: 'ftp://127.0.0.1', model: 'm' } }, /stt: option url must be an http\(s\) URL/],
    [{ stt: { url: 'http://127.0.0.1:8000', model: 'm', timeout: 5 } }, /unknown option timeout/],
    [{ stt: { url: 'http://127.0.0.1:8000', model: 'whisper-1' }, speechToText: {} }, /stt or speechToText/],
  ])('refuses %j', (options, message) => {
    expect(() => resolveVideoSettings(options as never)).toThrow(message);
  });
});
