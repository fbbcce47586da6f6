// `npm run check:embedding`: packs every publishable package (`npm pack`) and checks that the
// tarballs carry only what a user needs. Then, for each end of the packages' peer ranges, it
// installs the tarballs into a host app created outside the workspace: once on the LOWEST version
// every peer range allows (the intersection of the ranges of all packages that declare the peer),
// once on the NEWEST (both read from `npm view <peer> versions --json`, releases only, and printed
// as a matrix). Each install checks that the host has one copy of @nestjs/core and runs
// `embedding-host/host-app.cjs` twice: on SQLite and on a fresh PostgreSQL database (created from
// QUARRY_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/test, dropped after).
// A lowest version that does not work is a wrong peer range: fix the range in the packages.
// Then `checkScrapeOnlyHost` installs a third host with scraping alone (see there).
// Needs the packages built (`npm run setup` or `npm run build`).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import semver from 'semver';
import { repoRoot } from './lib/built-service.mjs';

/** What the host installs of its own, besides the peers: its HTTP platform follows @nestjs/core. */
const hostOwnDependencies = (peers) => ({
  '@nestjs/platform-express': peers['@nestjs/core'],
  '@nestjs/schedule': '^12.0.0',
  'better-sqlite3': '^12.0.0',
  pg: '^8.5.1',
});

const postgresAdminUrl = process.env.QUARRY_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const run = (command, args, cwd, options = {}) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options });

const startedAt = Date.now();
const seconds = () => `${Math.round((Date.now() - startedAt) / 1000)} s`;
const work = mkdtempSync(join(tmpdir(), 'quarry-embedding-'));
let failed = false;
const report = (ok, line) => {
  if (!ok) failed = true;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
};

function publishablePackages() {
  return readdirSync(join(repoRoot, 'packages'))
    .map((name) => ({ dir: join(repoRoot, 'packages', name) }))
    .map((pkg) => ({ ...pkg, manifest: JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) }))
    .filter((pkg) => !pkg.manifest.private);
}

/** Packs every package into `tarballs`; returns `{ name: 'file:<tarball>' }`. */
function pack(packages, tarballs) {
  const dependencies = {};
  for (const pkg of packages) {
    const [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', tarballs], pkg.dir));
    const paths = packed.files.map((file) => file.path);
    // Source maps are useful only with the sources they point at.
    const shipsSources = paths.some((path) => path.startsWith('src/'));
    const stray = paths.filter(
      (path) => /tsbuildinfo|\.spec\.|(^|\/)test\//.test(path) || (!shipsSources && path.endsWith('.map')),
    );
    report(
      stray.length === 0,
      `${pkg.manifest.name} tarball carries only what a user needs${stray.length ? ` (${stray.join(', ')})` : ''}`,
    );
    dependencies[pkg.manifest.name] = `file:${join(tarballs, packed.filename)}`;
  }
  return dependencies;
}

/**
 * Every peer of the packages with the ranges that declare it, and the lowest and newest release
 * all of them allow: `[{ name, ranges: { range: [package, ...] }, lowest, newest }]`. Quarry's own
 * packages among the peers (optional ones, like `@quarry/browser`) come from their tarballs.
 */
function peerMatrix(packages) {
  const ours = new Set(packages.map(({ manifest }) => manifest.name));
  const declared = new Map();
  for (const { manifest } of packages) {
    for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) {
      if (ours.has(name)) continue;
      const ranges = declared.get(name) ?? {};
      ranges[range] = [...(ranges[range] ?? []), manifest.name];
      declared.set(name, ranges);
    }
  }
  return [...declared].map(([name, ranges]) => {
    const published = JSON.parse(run('npm', ['view', name, 'versions', '--json'], work));
    const allowed = semver.sort(
      published.filter((version) => Object.keys(ranges).every((range) => semver.satisfies(version, range))),
    );
    return { name, ranges, lowest: allowed[0], newest: allowed.at(-1) };
  });
}

function printMatrix(matrix) {
  const rows = matrix.map(({ name, ranges, lowest, newest }) => [
    name,
    Object.keys(ranges).join(' '),
    lowest ?? 'none',
    newest ?? 'none',
  ]);
  const header = ['peer', 'ranges', 'lowest', 'newest'];
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  for (const row of [header, ...rows])
    console.log(`     ${row.map((cell, i) => cell.padEnd(widths[i])).join('  ')}`);
  for (const { name, ranges } of matrix.filter((peer) => Object.keys(peer.ranges).length > 1)) {
    for (const [range, by] of Object.entries(ranges)) console.log(`     ${name} ${range}: ${by.join(', ')}`);
  }
}

/** What a host installs: `peers` at exact versions, its own packages and Quarry's tarballs. */
const hostDependencies = (peers, tarballs) => ({ ...peers, ...hostOwnDependencies(peers), ...tarballs });

/** A host app in `dir` with `dependencies`. */
function installHost(dir, dependencies) {
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'host-app', private: true, dependencies }, null, 2),
  );
  console.log(`installing the host app in ${dir} ... (${seconds()})`);
  npmInstall(dir);
  copyFileSync(join(repoRoot, 'tools/embedding-host/host-app.cjs'), join(dir, 'host-app.cjs'));
}

/** `npm install` in `dir`, offered the workspace's compiled better-sqlite3. */
function npmInstall(dir) {
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], dir, {
    env: { ...process.env, npm_config_better_sqlite3_local_prebuilds: sqlitePrebuilds() },
  });
}

/**
 * A folder holding the workspace's compiled better-sqlite3 as a prebuilt binary, named as its
 * installer (prebuild-install) looks for one: a host that installs the same version unpacks it
 * instead of compiling it again (about 90 s each where the project's prebuilt downloads are out
 * of reach); another version, Node or platform finds no such file and compiles as usual.
 */
function sqlitePrebuilds() {
  const dir = join(work, 'prebuilds');
  if (existsSync(dir)) return dir;
  mkdirSync(dir);
  const addon = dirname(createRequire(join(repoRoot, 'package.json')).resolve('better-sqlite3/package.json'));
  const { version } = JSON.parse(readFileSync(join(addon, 'package.json'), 'utf8'));
  const file = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  run('tar', ['-czf', join(dir, file), '-C', addon, 'build/Release/better_sqlite3.node'], work);
  return dir;
}

function checkOneNestCore(host, label) {
  const cores = run('npm', ['ls', '@nestjs/core', '--all', '--parseable'], host)
    .trim()
    .split('\n')
    .filter(Boolean);
  report(cores.length === 1, `${label}: one copy of @nestjs/core in the host (${cores.length})`);
}

/** Runs host-app.cjs with its DataSource at `databaseUrl`. */
function runHostApp(host, label, databaseUrl) {
  console.log(`${label}: the host app (${seconds()})`);
  try {
    process.stdout.write(
      run(process.execPath, ['host-app.cjs'], host, {
        env: { ...process.env, HOST_DATABASE_URL: databaseUrl },
      }),
    );
  } catch (error) {
    process.stdout.write(error.stdout ?? '');
    report(false, `${label}: the host app checks`);
  }
}

/** The host app on a SQLite file of its own. */
function runHostOnSqlite(host, label) {
  const dir = mkdtempSync(join(work, 'sqlite-'));
  runHostApp(host, `${label}, SQLite`, `sqlite:${join(dir, 'host.sqlite')}`);
}

/** The host app on a PostgreSQL database created for the run and dropped after (with the host's `pg`). */
async function runHostOnPostgres(host, label) {
  const { Client } = createRequire(join(host, 'package.json'))('pg');
  const admin = new Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  const name = `quarry_embedding_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(postgresAdminUrl);
    url.pathname = `/${name}`;
    runHostApp(host, `${label}, PostgreSQL`, url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/**
 * A host with scrape's tarballs and their Quarry dependencies only (no accounts, no browser, no
 * pdfjs-dist), plus @quarry/testing: runs `embedding-host/scrape-only-host.cjs`, then, with
 * @quarry/testing's Jest preset, the files of docs/embedding.md's "Testing" section as written there.
 * `dependencies` maps every package name to what the main host installed (a version or a tarball).
 */
function checkScrapeOnlyHost(dependencies) {
  const quarry = ['core', 'http', 'net', 'extract', 'persistence', 'queue', 'jobs', 'scrape', 'testing'];
  const framework = [
    '@nestjs/common',
    '@nestjs/core',
    '@nestjs/platform-express',
    '@nestjs/typeorm',
    '@nestjs/swagger',
    'typeorm',
    'better-sqlite3',
    'class-validator',
    'class-transformer',
    'reflect-metadata',
    'rxjs',
  ];
  const pick = (names) => Object.fromEntries(names.map((name) => [name, dependencies[name]]));
  const workspace = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).devDependencies;
  const host = join(work, 'scrape-only');
  mkdirSync(host);
  writeFileSync(
    join(host, 'package.json'),
    JSON.stringify(
      {
        name: 'scrape-only-host',
        private: true,
        dependencies: { ...pick(framework), ...pick(quarry.map((name) => `@quarry/${name}`)) },
        devDependencies: {
          '@nestjs/testing': '^12.0.0',
          jest: workspace.jest,
          '@swc/core': workspace['@swc/core'],
          '@swc/jest': workspace['@swc/jest'],
        },
      },
      null,
      2,
    ),
  );
  console.log(`installing the scrape-only host in ${host} ... (${seconds()})`);
  npmInstall(host);
  copyFileSync(
    join(repoRoot, 'tools/embedding-host/scrape-only-host.cjs'),
    join(host, 'scrape-only-host.cjs'),
  );
  try {
    process.stdout.write(run(process.execPath, ['scrape-only-host.cjs'], host));
  } catch (error) {
    process.stdout.write(error.stdout ?? '');
    report(false, 'the scrape-only host checks');
  }

  const guide = readFileSync(join(repoRoot, 'docs/embedding.md'), 'utf8');
  const section = /^## \d+\. Testing\n([\s\S]*?)(?=^## )/m.exec(guide)?.[1] ?? '';
  const files = [...section.matchAll(/```(?:ts|js)\n\/\/ (\S+)\n([\s\S]*?)```/g)];
  for (const [, path, code] of files) {
    mkdirSync(join(host, path, '..'), { recursive: true });
    writeFileSync(join(host, path), code);
  }
  report(
    files.length >= 3,
    `docs/embedding.md "Testing" gives the Jest config, the code and its test (${files.length} files)`,
  );
  try {
    // A test that leaves a handle open keeps Jest from exiting: that fails here at the time limit.
    run(process.execPath, [join(host, 'node_modules/jest/bin/jest.js'), '--ci'], host, { timeout: 180_000 });
    report(true, "the host's test of docs/embedding.md passes with @quarry/testing's preset and exits");
  } catch (error) {
    process.stdout.write(error.stdout ?? '');
    report(false, "the host's test of docs/embedding.md passes with @quarry/testing's preset and exits");
  }
}

try {
  const tarballsDir = join(work, 'tarballs');
  mkdirSync(tarballsDir);
  const packages = publishablePackages();
  const tarballs = pack(packages, tarballsDir);

  const matrix = peerMatrix(packages);
  console.log('peer versions the host runs on:');
  printMatrix(matrix);
  for (const end of ['lowest', 'newest']) {
    const unsatisfiable = matrix.filter((peer) => peer[end] === undefined).map((peer) => peer.name);
    if (unsatisfiable.length) {
      report(false, `${end}: no release satisfies every range of ${unsatisfiable.join(', ')}`);
      continue;
    }
    const host = join(work, `host-${end}`);
    const peers = Object.fromEntries(matrix.map((peer) => [peer.name, peer[end]]));
    try {
      installHost(host, hostDependencies(peers, tarballs));
    } catch {
      report(false, `${end}: the host app installs`);
      continue;
    }
    checkOneNestCore(host, end);
    runHostOnSqlite(host, end);
    await runHostOnPostgres(host, end);
    if (end === 'newest') checkScrapeOnlyHost(hostDependencies(peers, tarballs));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`${failed ? 'embedding check failed' : 'embedding check passed'} in ${seconds()}`);
process.exit(failed ? 1 : 0);
