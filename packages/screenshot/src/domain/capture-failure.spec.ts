import { BrowserError, type BrowserErrorCode } from '@quarry/browser';
import { captureFailure } from './capture-failure';

const url = 'https://example.com/';

describe('captureFailure', () => {
  it.each<[BrowserErrorCode, number, string, Record<string, unknown>]>([
    ['TIMEOUT', 504, 'TIMEOUT', { url }],
    ['SELECTOR_TIMEOUT', 504, 'TIMEOUT', { url }],
    ['NAVIGATION_FAILED', 422, 'UPSTREAM_ERROR', { url, status: null }],
    ['BLOCKED', 502, 'CAPTURE_FAILED', { url }],
    ['CRASHED', 502, 'CAPTURE_FAILED', { url }],
    ['UNAVAILABLE', 502, 'CAPTURE_FAILED', { url }],
  ])('maps %s to %i %s with the URL', (code, status, error, extra) => {
    const mapped = captureFailure(new BrowserError(code, 'what happened'), url, 1);
    expect(mapped.status).toBe(status);
    expect(mapped.toBody()).toEqual({ error, message: expect.stringContaining('what happened'), ...extra });
  });

  it('maps BUSY to 429 rate_limited with Retry-After', () => {
    const mapped = captureFailure(new BrowserError('BUSY', 'queue full'), url, 3);
    expect(mapped.status).toBe(429);
    expect(mapped.toBody()).toEqual({
      error: 'rate_limited',
      message: expect.stringContaining('retry in 3 s'),
    });
    expect(mapped.headers).toEqual({ 'Retry-After': '3' });
  });
});
