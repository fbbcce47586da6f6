import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { BrowserError } from '../errors/browser.error';

const COMMANDS = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];

const LOCATIONS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/opt/google/chrome/chrome',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/**
 * The Chromium executable to launch: `configured` when given (it must exist), else the first of
 * the usual commands on `searchPath`, else the first usual install location. Throws UNAVAILABLE.
 */
export function locateChromium(
  configured: string | undefined,
  searchPath: string = process.env.PATH ?? '',
): string {
  if (configured) {
    if (isExecutable(configured)) return configured;
    throw new BrowserError(
      'UNAVAILABLE',
      `Chromium was not found at ${configured} (chromiumPath / QUARRY_CHROMIUM_PATH).`,
    );
  }
  const directories = searchPath.split(delimiter).filter(Boolean);
  const candidates = [
    ...COMMANDS.flatMap((command) => directories.map((dir) => join(dir, command))),
    ...LOCATIONS,
  ];
  const found = candidates.find(isExecutable);
  if (found) return found;
  throw new BrowserError(
    'UNAVAILABLE',
    'No Chromium found: install it (Debian: apt-get install chromium) or set QUARRY_CHROMIUM_PATH to its executable.',
  );
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
