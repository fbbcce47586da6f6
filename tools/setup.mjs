#!/usr/bin/env node
// `npm run setup`: install dependencies from the lockfile, make sure Chromium, ffmpeg and the test tools exist, build everything.
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

// The programs Quarry runs besides Node, each found through its variable or on PATH, else installed
// from Debian: Chromium renders pages, ffmpeg and ffprobe take audio out of videos for
// speech-to-text; espeak-ng and flite speak the sentences of the video tests, PocketSphinx is the
// real recogniser the speech-to-text tests transcribe them with.
const TOOLS = [
  {
    name: 'Chromium',
    variable: 'QUARRY_CHROMIUM_PATH',
    commands: ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'],
    debian: ['chromium'],
  },
  { name: 'ffmpeg', variable: 'QUARRY_FFMPEG_PATH', commands: ['ffmpeg'], debian: ['ffmpeg'] },
  { name: 'ffprobe', variable: 'QUARRY_FFPROBE_PATH', commands: ['ffprobe'], debian: ['ffmpeg'] },
  { name: 'espeak-ng', commands: ['espeak-ng'], debian: ['espeak-ng'] },
  { name: 'flite', commands: ['flite'], debian: ['flite'] },
  {
    name: 'PocketSphinx',
    commands: ['pocketsphinx_continuous'],
    debian: ['pocketsphinx', 'pocketsphinx-en-us'],
  },
];

function find(tool) {
  if (tool.variable && env[tool.variable])
    return executable(env[tool.variable]) ? env[tool.variable] : undefined;
  const dirs = (env.PATH ?? '').split(delimiter).concat(['/usr/bin', '/usr/local/bin', '/snap/bin']);
  for (const dir of dirs)
    for (const name of tool.commands) if (executable(join(dir, name))) return join(dir, name);
  return undefined;
}

function install(missing) {
  const packages = [...new Set(missing.flatMap((tool) => tool.debian))];
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || spawnSync('apt-get', ['--version']).status !== 0) {
    for (const tool of missing) {
      const set = tool.variable ? ` or set ${tool.variable}` : '';
      console.warn(
        `${tool.name} not found. Install it (Debian/Ubuntu: sudo apt-get install -y ${tool.debian.join(' ')})${set}.`,
      );
    }
    return;
  }
  console.log(`Installing ${packages.join(', ')} with apt-get ...`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages]);
}

console.log('Installing dependencies ...');
run('npm', ['install', '--no-audit', '--no-fund']);

const missing = [];
for (const tool of TOOLS) {
  const path = find(tool);
  if (path) console.log(`${tool.name}: ${path}`);
  else missing.push(tool);
}
if (missing.length > 0) install(missing);

console.log('Building ...');
run('npx', ['nx', 'run-many', '-t', 'build', '--outputStyle=static']);
mkdirSync('data', { recursive: true });
console.log('Ready: npm start');
