import { FreeBilling } from '@quarry/core';
import { resolveScreenshotSettings, SCREENSHOT_DEFAULTS } from './screenshot-options.interface';

describe('resolveScreenshotSettings', () => {
  it('applies the defaults, keeping given values and ignoring undefined ones', () => {
    const billing = new FreeBilling();
    expect(resolveScreenshotSettings({})).toEqual(SCREENSHOT_DEFAULTS);
    expect(resolveScreenshotSettings({ price: 7, billing, defaultQuality: undefined })).toEqual({
      ...SCREENSHOT_DEFAULTS,
      billing,
      price: 7,
    });
    expect(SCREENSHOT_DEFAULTS).toMatchObject({
      price: 5,
      defaultQuality: 80,
      viewportWidth: 1280,
      viewportHeight: 800,
      maxFullPageHeight: 10_000,
    });
  });

  it.each([
    [{ price: -1 }, /price/],
    [{ defaultQuality: 0 }, /defaultQuality/],
    [{ defaultQuality: 101 }, /defaultQuality/],
    [{ defaultTimeoutMs: 0 }, /defaultTimeoutMs/],
    [{ viewportWidth: 1280.5 }, /viewportWidth/],
    [{ maxFullPageHeight: 500 }, /maxFullPageHeight/],
    [{ busyRetryAfterSeconds: 0 }, /busyRetryAfterSeconds/],
    [{ retryOnCrash: 'yes' as unknown as boolean }, /retryOnCrash/],
  ])('refuses %j', (options, message) => {
    expect(() => resolveScreenshotSettings(options)).toThrow(message);
  });
});
