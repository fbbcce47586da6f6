#!/usr/bin/env node
// `npm run setup`: install dependencies from the lockfile, make sure a Chromium exists, build everything.
// `npm install` rather than `npm ci`: registries without every platform's optional binaries (e.g.
// @swc/core-darwin-*) leave them out of the lockfile, which `npm ci` refuses; `npm install` keeps the
// locked versions and skips optional packages that do not exist.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', SCARF_ANALYTICS: 'false' };
const run = (command, args) => execFileSync(command, args, { stdio: 'inherit', env });

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function findChromium() {
  if (env.QUARRY_CHROMIUM_PATH)
    return executable(env.QUARRY_CHROMIUM_PATH) ? env.QUARRY_CHROMIUM_PATH : undefined;
  const names = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];
  const dirs = (env.PATH ?? '').split(delimiter).concat(['/usr/bin', '/usr/local/bin', '/snap/bin']);
  for (const dir of dirs) for (const name of names) if (executable(join(dir, name))) return join(dir, name);
  return undefined;
}

function installChromium() {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || spawnSync('apt-get', ['--version']).status !== 0) {
    console.warn(
      'Chromium not found. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set QUARRY_CHROMIUM_PATH.',
    );
    return;
  }
  console.log('Installing Chromium with apt-get ...');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
}

console.log('Installing dependencies ...');
run('npm', ['install', '--no-audit', '--no-fund']);

const chromium = findChromium();
if (chromium) console.log(`Chromium: ${chromium}`);
else installChromium();

console.log('Building ...');
run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static']);
mkdirSync('data', { recursive: true });
console.log('Ready: npm start');
