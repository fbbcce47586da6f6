import { FreeBilling } from '@quarry/core';
import { resolveVideoSettings, VIDEO_DEFAULTS } from './video-options.interface';

describe('resolveVideoSettings', () => {
  it('applies the SPEC defaults, keeping given values and ignoring undefined ones', () => {
    const billing = new FreeBilling();
    const settings = resolveVideoSettings({ captionPrice: 2, maxDurationSeconds: undefined }, billing);
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
    });
  });

  it.each([
    [{ captionPrice: -1 }, /captionPrice/],
    [{ generatedPricePerMinute: 1.5 }, /generatedPricePerMinute/],
    [{ maxDurationSeconds: 0 }, /maxDurationSeconds/],
    [{ jobRetentionMs: 60_000 }, /jobRetentionMs must be an integer >= 86400000/],
    [{ attempts: 0 }, /attempts/],
    [{ concurrency: 0 }, /concurrency/],
    [{ ffmpegPath: '' }, /ffmpegPath/],
    [{ origins: { vimeo: 'http://127.0.0.1:9000' } }, /origins names vimeo/],
    [{ origins: { youtube: 'ftp://127.0.0.1' } }, /origins.youtube/],
    [{ origins: { youtube: 'http://127.0.0.1:9000/path' } }, /origins.youtube/],
    [{ stt: { url: 'not a url', model: 'whisper-1' } }, /stt.url/],
    [{ stt: { url: 'http://127.0.0.1:8000', model: '' } }, /stt.model/],
  ])('refuses %j', (options, message) => {
    expect(() => resolveVideoSettings(options as never)).toThrow(message);
  });
});
