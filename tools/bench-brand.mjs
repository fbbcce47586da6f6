#!/usr/bin/env node
// Correctness and throughput of brand profiles over the fixture site set of @quarry/brand
// (packages/brand/test/fixtures, each site with its labelled truth.json). Runs the BUILT packages:
// `npx nx build brand` first (the npm script does).
//
//   node tools/bench-brand.mjs [--rounds N] [--concurrency C]
//
// Every site is served as an origin of its own (`<site>.test`, mapped to 127.0.0.1 and allow-listed),
// with the Google Fonts stand-in answering as fonts.googleapis.com / fonts.gstatic.com, as in the
// package's tests. BrandService runs in-process on the browser pool (4 pages, as the app).
// Correctness, per field over the sites whose truth labels it: logo right (the same pick, or null
// when the site has none), primary / background / text colours within CIEDE2000 5, heading and body
// family, social links precision and recall (over all links), icons recall. Throughput: every
// site profiled --rounds times (default 5) at --concurrency (default 4), profiles per second.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Number(option('--rounds', '5'));
const concurrency = Number(option('--concurrency', '4'));

const require = createRequire(join(root, 'packages/brand/package.json'));
require('reflect-metadata');
let quarry;
try {
  quarry = {
    core: require('@quarry/core'),
    http: require('@quarry/http'),
    net: require('@quarry/net'),
    browser: require('@quarry/browser'),
    brand: require('@quarry/brand'),
    testing: require('@quarry/testing'),
    colour: require(join(root, 'packages/brand/dist/domain/colour-difference.js')),
  };
} catch (error) {
  console.error(
    `Cannot load the built packages (${error.message}): run \`npx nx build brand testing\` first.`,
  );
  process.exit(1);
}
const { NestFactory } = require('@nestjs/core');
const { Logger } = require('@nestjs/common');

const FIXTURES = join(root, 'packages/brand/test/fixtures');
const served = await quarry.testing.startSiteFolders(FIXTURES);
const sites = served.names;
const truth = Object.fromEntries(
  sites.map((site) => [site, JSON.parse(readFileSync(join(FIXTURES, site, 'truth.json'), 'utf8'))]),
);

Logger.overrideLogger(['error']);
class BenchModule {}
const app = await NestFactory.createApplicationContext(
  {
    module: BenchModule,
    imports: [
      quarry.core.QuarryCoreModule,
      quarry.net.NetModule.forRoot({
        isGlobal: true,
        allowHosts: served.allowHosts,
        lookup: served.lookup,
      }),
      quarry.browser.BrowserModule.forRoot({ isGlobal: true, maxPages: 4 }),
      quarry.brand.BrandModule.forRoot({}),
    ],
  },
  { logger: false },
);
const brands = app.get(quarry.brand.BrandService);

try {
  const profiles = {};
  for (const site of sites)
    profiles[site] = await brands.profile(quarry.http.ANONYMOUS_ACCOUNT, { url: served.url(site) });
  printCorrectness(profiles);
  await throughput();
} finally {
  await app.close();
  await served.close();
}

function printCorrectness(profiles) {
  const rows = new Map();
  const count = (field, ok, detail) => {
    const row = rows.get(field) ?? { correct: 0, total: 0, misses: [] };
    row.total += 1;
    if (ok) row.correct += 1;
    else row.misses.push(detail);
    rows.set(field, row);
  };
  const links = { found: 0, expected: 0, matched: 0 };
  const icons = { expected: 0, matched: 0 };
  for (const site of sites) {
    const profile = profiles[site];
    const expected = truth[site];
    count('logo', logoRight(profile.logo, expected.logo), site);
    for (const role of ['primary', 'background', 'text']) {
      const want = expected.colors[role];
      if (!want) continue;
      const got = profile.colors.find((colour) => colour.role === role)?.hex;
      count(`${role} colour (dE<=5)`, !!got && quarry.colour.deltaE2000(got, want) <= 5, `${site} ${got}`);
    }
    if (expected.fonts.heading)
      count('heading family', profile.typography.headingFamily === expected.fonts.heading, site);
    if (expected.fonts.body)
      count('body family', profile.typography.bodyFamily === expected.fonts.body, site);
    if (expected.socialLinks) {
      const want = new Set(expected.socialLinks.map((link) => `${link.platform} ${link.url}`));
      const got = profile.socialLinks.map((link) => `${link.platform} ${link.url}`);
      links.found += got.length;
      links.expected += want.size;
      links.matched += got.filter((link) => want.has(link)).length;
    }
    const paths = new Set(profile.icons.map((icon) => new URL(icon.url).pathname));
    icons.expected += (expected.icons ?? []).length;
    icons.matched += (expected.icons ?? []).filter((path) => paths.has(path)).length;
  }
  const table = [...rows].map(([field, row]) => [
    field,
    `${row.correct}/${row.total}`,
    percent(row.correct / row.total),
    row.misses.join(', '),
  ]);
  table.push([
    'social links precision',
    `${links.matched}/${links.found}`,
    percent(links.matched / (links.found || 1)),
    '',
  ]);
  table.push([
    'social links recall',
    `${links.matched}/${links.expected}`,
    percent(links.matched / (links.expected || 1)),
    '',
  ]);
  table.push([
    'icons recall',
    `${icons.matched}/${icons.expected}`,
    percent(icons.matched / (icons.expected || 1)),
    '',
  ]);
  console.log(`\nBrand profile correctness over ${sites.length} fixture sites\n`);
  print(['field', 'right', 'rate', 'misses'], table);
}

function logoRight(logo, expected) {
  if (expected === null) return logo === null;
  if (!logo || logo.source !== expected.source) return false;
  if (expected.urlEndsWith && !(logo.url ?? '').endsWith(expected.urlEndsWith)) return false;
  if (expected.svgIncludes && !(logo.svg ?? '').includes(expected.svgIncludes)) return false;
  return true;
}

async function throughput() {
  const queue = Array.from({ length: rounds }, () => sites).flat();
  const latencies = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let site = queue.shift(); site; site = queue.shift()) {
        const begin = performance.now();
        await brands.profile(quarry.http.ANONYMOUS_ACCOUNT, { url: served.url(site) });
        latencies.push(performance.now() - begin);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  console.log(`\nThroughput: ${latencies.length} profiles at concurrency ${concurrency}\n`);
  print(
    ['profiles/s', 'p50 ms', 'p95 ms', 'cores', 'load avg'],
    [[(latencies.length / seconds).toFixed(2), at(0.5), at(0.95), cpus().length, loadavg()[0].toFixed(2)]],
  );
}

function print(header, rows) {
  const all = [header, ...rows].map((row) => row.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((row) => row[i].length)));
  const line = (row) => `| ${row.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(all[0]));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of all.slice(1)) console.log(line(row));
}

function percent(value) {
  return `${(value * 100).toFixed(1)}%`;
}
