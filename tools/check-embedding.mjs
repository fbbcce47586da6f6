// `npm run check:embedding`: packs every publishable package (`npm pack`), installs the tarballs
// into a host app created outside the workspace, on Nest and TypeORM versions other than the
// workspace's (within the peer ranges), and runs `embedding-host/host-app.cjs` there. Also checks
// that the host has one copy of @nestjs/core and that tarballs carry only what a user needs.
// Then `checkScrapeOnlyHost` installs a second host with scraping alone (see there).
// Needs the packages built (`npm run setup` or `npm run build`).
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './lib/built-service.mjs';

/** What the host installs itself: framework versions one minor (or patch) away from the workspace's. */
const HOST_DEPENDENCIES = {
  '@nestjs/common': '12.4.2',
  '@nestjs/core': '12.4.2',
  '@nestjs/platform-express': '12.4.2',
  '@nestjs/typeorm': '12.0.1',
  '@nestjs/schedule': '12.0.1',
  '@nestjs/throttler': '^6.7.0',
  '@nestjs/swagger': '^12.0.0',
  typeorm: '1.1.0',
  'better-sqlite3': '^12.0.0',
  'class-validator': '^0.15.0',
  'class-transformer': '^0.5.1',
  'reflect-metadata': '^0.2.2',
  rxjs: '^7.8.0',
};

const run = (command, args, cwd, options = {}) =>
  execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], ...options });

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
  console.log(`installing the scrape-only host in ${host} ...`);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], host);
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

const work = mkdtempSync(join(tmpdir(), 'quarry-embedding-'));
let failed = false;
const report = (ok, line) => {
  if (!ok) failed = true;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${line}`);
};

try {
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  const packages = readdirSync(join(repoRoot, 'packages'))
    .map((name) => ({ dir: join(repoRoot, 'packages', name) }))
    .map((pkg) => ({ ...pkg, manifest: JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8')) }))
    .filter((pkg) => !pkg.manifest.private);
  const dependencies = { ...HOST_DEPENDENCIES };
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

  const host = join(work, 'host');
  mkdirSync(host);
  writeFileSync(
    join(host, 'package.json'),
    JSON.stringify({ name: 'host-app', private: true, dependencies }, null, 2),
  );
  console.log(`installing the host app in ${host} ...`);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], host);

  const cores = run('npm', ['ls', '@nestjs/core', '--all', '--parseable'], host)
    .trim()
    .split('\n')
    .filter(Boolean);
  report(cores.length === 1, `one copy of @nestjs/core in the host (${cores.length})`);

  copyFileSync(join(repoRoot, 'tools/embedding-host/host-app.cjs'), join(host, 'host-app.cjs'));
  try {
    process.stdout.write(run(process.execPath, ['host-app.cjs'], host));
  } catch (error) {
    process.stdout.write(error.stdout ?? '');
    report(false, 'the host app checks');
  }
  checkScrapeOnlyHost(dependencies);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(failed ? 'embedding check failed' : 'embedding check passed');
process.exit(failed ? 1 : 0);
