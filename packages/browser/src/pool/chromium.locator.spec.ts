import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateChromium } from './chromium.locator';

describe('locateChromium', () => {
  let dir: string;

  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'locator-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function executable(name: string): string {
    const path = join(dir, name);
    writeFileSync(path, '#!/bin/sh\n');
    chmodSync(path, 0o755);
    return path;
  }

  it('uses the configured path when it is executable', () => {
    const path = executable('my-chrome');
    expect(locateChromium(path, '')).toBe(path);
  });

  it('refuses a configured path that does not exist, naming QUARRY_CHROMIUM_PATH', () => {
    expect(() => locateChromium(join(dir, 'missing'), '')).toThrow(
      expect.objectContaining({
        code: 'UNAVAILABLE',
        message: expect.stringContaining('QUARRY_CHROMIUM_PATH'),
      }),
    );
  });

  it('finds the usual commands on the search path', () => {
    const path = executable('google-chrome-stable');
    expect(locateChromium(undefined, `/nonexistent:${dir}`)).toBe(path);
  });

  it('prefers chromium over chrome on the search path', () => {
    executable('google-chrome-stable');
    const chromium = executable('chromium');
    expect(locateChromium(undefined, dir)).toBe(chromium);
  });
});
