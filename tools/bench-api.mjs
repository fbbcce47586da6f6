#!/usr/bin/env node
// The hot path against the framework's own speed, side by side in one run: a bare NestJS route
// returning ~2 KB of JSON (a tiny Nest app started here) and the built service's cached
// POST /v1/api/scrape, GET /v1/api/account and a 404 path, measured in alternation. Prints
// requests/s, p50/p99, the ratio to the bare route and the server's CPU time per request (its
// /proc/<pid>/stat utime+stime before and after each phase: steady when the machine is loaded and
// requests/s swing), for all threads and for the main thread alone (the event loop's share, which
// bounds how many requests one process serves), measured without a profiler. Then a second
// service, under `--cpu-prof`, takes the same Quarry requests, and the share of its CPU its five
// hottest functions take while serving them (its start-up left out) is printed (profiling slows
// a service, so it never runs while the ratio is measured). Then the account read at each ledger size, the rows seeded directly through SQL,
// to show its cost does not follow the ledger.
//
//   node tools/bench-api.mjs [--engine embedded|postgres] [--seconds 1.25] [--rounds 8]
//                            [--solo-seconds 5] [--connections 20] [--ledger 10000,1000000]
//                            [--profile-dir DIR]
//
// `--engine postgres` uses QUARRY_TEST_POSTGRES_URL's server (a fresh database) and
// QUARRY_TEST_REDIS_URL (default redis://127.0.0.1:6379). `--profile-dir` keeps the service's
// .cpuprofile there (open it in Chrome DevTools). `npm run build` first.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { freePort, repoRoot, startBuiltService } from './lib/built-service.mjs';
import { cpuMsOf } from './lib/process-meter.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

/** About 2 KB of JSON, shaped like a scrape result, for the bare route. */
const BARE_PAYLOAD = {
  url: 'https://example.com/article',
  finalUrl: 'https://example.com/article',
  title: 'An article',
  markdown: '# An article\n\n' + 'Some readable text of the article. '.repeat(28),
  html: '<h1>An article</h1><p>' + 'Some text. '.repeat(20) + '</p>',
  contentLength: 994,
  fetchedAt: '2026-01-01T00:00:00.000Z',
  cached: true,
};

/** The bare route: NestJS on express, one controller, no guards, pipes or filters. */
async function serveBare(port) {
  await import('reflect-metadata');
  const { Controller, Get, Module } = await import('@nestjs/common');
  const { NestFactory } = await import('@nestjs/core');
  class BareController {
    show() {
      return BARE_PAYLOAD;
    }
  }
  Controller()(BareController);
  const show = Object.getOwnPropertyDescriptor(BareController.prototype, 'show');
  Get('bare')(BareController.prototype, 'show', show);
  class BareModule {}
  Module({ controllers: [BareController] })(BareModule);
  const app = await NestFactory.create(BareModule, { logger: false });
  await app.listen(port, '127.0.0.1');
  process.stdout.write('ready\n');
}

async function main() {
  const engine = option('--engine', 'embedded');
  // Short turns, many rounds: a machine whose speed drifts during the run moves every path alike.
  const seconds = Number(option('--seconds', '1.25'));
  const rounds = Number(option('--rounds', '8'));
  // A path measured alone: under the profiler, and the account read at each ledger size.
  const soloSeconds = Number(option('--solo-seconds', '5'));
  const connections = Number(option('--connections', '20'));
  const ledgerSizes = option('--ledger', '10000,1000000').split(',').filter(Boolean).map(Number);

  const site = await startSite();
  const bare = await startBare();
  const database = await openDatabase(engine);
  const keptProfileDir = option('--profile-dir', undefined);
  const profileDir = keptProfileDir ?? mkdtempSync(join(tmpdir(), 'quarry-bench-prof-'));
  const startService = (nodeArgs) =>
    startBuiltService({
      env: { QUARRY_ALLOW_HOSTS: site.host, ...database.env },
      credits: 100_000_000,
      nodeArgs,
    });
  let service = await startService([]);
  try {
    const targets = await targetsOf(bare, service, site);
    const results = targets.map(() => ({
      requests: 0,
      errors: 0,
      ms: 0,
      cpuMs: 0,
      mainCpuMs: 0,
      latencies: [],
    }));
    const pids = [bare.pid, ...targets.slice(1).map(() => service.pid)];
    for (let round = 0; round < rounds; round += 1) {
      for (const [i, target] of targets.entries()) {
        const cpuBefore = cpuMsOf(pids[i]);
        const mainCpuBefore = cpuMsOf(pids[i], pids[i]);
        const result = await load(target, seconds, connections);
        result.cpuMs = cpuMsOf(pids[i]) - cpuBefore;
        result.mainCpuMs = cpuMsOf(pids[i], pids[i]) - mainCpuBefore;
        merge(results[i], result);
      }
    }
    const bareRate = rate(results[0]);
    console.log(
      `\nside by side: ${engine}, ${rounds} x ${seconds} s per path, ${connections} connections, Node ${process.version}, load average ${loadavg()
        .map((load) => load.toFixed(2))
        .join(' ')}`,
    );
    printTable(
      ['path', 'requests/s', 'CPU ms/request', 'main thread', 'p50 ms', 'p99 ms', 'x bare', 'errors'],
      targets.map((target, i) => [
        target.name,
        rate(results[i]).toFixed(0),
        (results[i].cpuMs / results[i].requests).toFixed(3),
        (results[i].mainCpuMs / results[i].requests).toFixed(3),
        percentile(results[i].latencies, 0.5).toFixed(1),
        percentile(results[i].latencies, 0.99).toFixed(1),
        (rate(results[i]) / bareRate).toFixed(2),
        String(results[i].errors),
      ]),
    );
    await service.stop();
    service = undefined;

    service = await startService(['--cpu-prof', '--cpu-prof-dir', profileDir]);
    const profiledTargets = (await targetsOf(bare, service, site)).slice(1);
    const loadStartedUs = monotonicMicroseconds();
    for (const target of profiledTargets) await load(target, soloSeconds, connections);
    await service.stop();
    service = undefined;
    printHottest(profileDir, loadStartedUs);

    if (ledgerSizes.length > 0)
      await benchLedgerSizes({ site, database, ledgerSizes, seconds: soloSeconds, connections });
  } finally {
    await service?.stop();
    bare.stop();
    site.server.close();
    await database.drop();
    if (!keptProfileDir) rmSync(profileDir, { recursive: true, force: true });
  }
}

/** The bare route, then the service's paths; the article is scraped once first, so later scrapes hit the cache. */
async function targetsOf(bare, service, site) {
  const headers = { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' };
  const scrapeBody = JSON.stringify({ url: `http://${site.host}/article` });
  const first = await fetch(`${service.base}/v1/api/scrape`, { method: 'POST', headers, body: scrapeBody });
  if (first.status !== 200)
    throw new Error(`the first scrape answered ${first.status}: ${await first.text()}`);
  return [
    { name: 'bare NestJS route', base: bare.base, method: 'GET', path: '/bare', status: 200 },
    {
      name: 'POST /v1/api/scrape (cached)',
      base: service.base,
      method: 'POST',
      path: '/v1/api/scrape',
      headers,
      body: scrapeBody,
      status: 200,
    },
    {
      name: 'GET /v1/api/account',
      base: service.base,
      method: 'GET',
      path: '/v1/api/account',
      headers,
      status: 200,
    },
    {
      name: 'GET /v1/api/nowhere (404)',
      base: service.base,
      method: 'GET',
      path: '/v1/api/nowhere',
      status: 404,
    },
  ];
}

/** The account read on one account whose ledger holds each size in turn, spread over the last 30 days. */
async function benchLedgerSizes({ site, database, ledgerSizes, seconds, connections }) {
  const fresh = await openDatabase(database.engine);
  const service = await startBuiltService({
    env: { QUARRY_ALLOW_HOSTS: site.host, ...fresh.env },
    credits: 100_000_000,
  });
  try {
    const headers = { authorization: `Bearer ${service.apiKey}` };
    const account = await (await fetch(`${service.base}/v1/api/account`, { headers })).json();
    const target = { base: service.base, method: 'GET', path: '/v1/api/account', headers, status: 200 };
    const rows = [];
    let seeded = await fresh.countLedger();
    for (const size of ledgerSizes) {
      const started = performance.now();
      await fresh.seedLedger(account.account.id, seeded, size - seeded);
      seeded = size;
      const seedSeconds = (performance.now() - started) / 1000;
      const result = await load(target, seconds, connections);
      rows.push([
        size.toLocaleString('en'),
        rate(result).toFixed(0),
        percentile(result.latencies, 0.5).toFixed(1),
        percentile(result.latencies, 0.99).toFixed(1),
        String(result.errors),
        seedSeconds.toFixed(1),
      ]);
    }
    console.log(
      `\nGET /v1/api/account by ledger size: ${database.engine}, ${seconds} s, ${connections} connections`,
    );
    printTable(['ledger rows', 'requests/s', 'p50 ms', 'p99 ms', 'errors', 'seeded in s'], rows);
  } finally {
    await service.stop();
    await fresh.drop();
  }
}

/** `connections` clients, each sending its next request when the last one answered, for `seconds`. */
async function load(target, seconds, connections) {
  const pool = new Pool(target.base, { connections, pipelining: 1 });
  const result = { requests: 0, errors: 0, ms: seconds * 1000, latencies: [] };
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const sent = performance.now();
        try {
          const response = await pool.request({
            method: target.method,
            path: target.path,
            headers: target.headers,
            body: target.body,
          });
          await response.body.dump();
          if (response.statusCode !== target.status) result.errors += 1;
        } catch {
          result.errors += 1;
        }
        result.latencies.push(performance.now() - sent);
        result.requests += 1;
      }
    }),
  );
  await pool.close();
  return result;
}

function merge(into, result) {
  into.requests += result.requests;
  into.cpuMs += result.cpuMs;
  into.mainCpuMs += result.mainCpuMs;
  into.errors += result.errors;
  into.ms += result.ms;
  for (const latency of result.latencies) into.latencies.push(latency);
}

const rate = (result) => result.requests / (result.ms / 1000);

function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** The monotonic clock V8's profiler stamps its samples with, in microseconds. */
function monotonicMicroseconds() {
  return Number(process.hrtime.bigint() / 1000n);
}

/** The service's hottest functions while it served the load: samples of its start-up are left out. */
function printHottest(profileDir, loadStartedUs) {
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return console.log('\n(no CPU profile was written)');
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  let busy = 0;
  let sampledAt = profile.startTime;
  profile.samples.forEach((id, i) => {
    sampledAt += profile.timeDeltas[i] ?? 0;
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (functionName === '(idle)' || sampledAt < loadStartedUs) return;
    const where = url ? ` ${sourceName(url)}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'}${where}`;
    const delta = profile.timeDeltas[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + delta);
    busy += delta;
  });
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 5);
  const share = (time) => `${((100 * time) / busy).toFixed(1)}%`;
  console.log(
    `\nthe five hottest functions of a service profiled apart (self time, of ${(busy / 1e6).toFixed(1)} s busy):`,
  );
  printTable(
    ['function', 'share'],
    [
      ...top.map(([key, time]) => [key, share(time)]),
      ['all five', share(top.reduce((sum, [, t]) => sum + t, 0))],
    ],
  );
}

/** A profiled script's path from the repository root, or its URL as given (`node:internal/...`). */
function sourceName(url) {
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  return path.startsWith('/') ? relative(repoRoot, path) : path;
}

function printTable(header, rows) {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map((_, i) => (i === 0 ? '---' : '--:')).join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

/** One article page, the origin of the scrape that every later one reads from the cache. */
async function startSite() {
  const paragraphs = Array.from(
    { length: 6 },
    (_, i) => `<p>Paragraph ${i + 1} of the article, ${'with readable words '.repeat(6)}.</p>`,
  );
  const page = `<!doctype html><html><head><title>An article</title></head><body><nav>Home</nav><article><h1>An article</h1>${paragraphs.join('')}</article></body></html>`;
  const server = createServer((req, res) => {
    if (req.url !== '/article') return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return { server, host: `127.0.0.1:${server.address().port}` };
}

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--bare-server'], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((ready, fail) => {
    child.stdout.on('data', (chunk) => chunk.toString().includes('ready') && ready());
    child.once('exit', (code) => fail(new Error(`the bare server exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

const DAY_MS = 86_400_000;

/**
 * A database for one service: a SQLite file, or a fresh PostgreSQL database with Redis. Seeds
 * ledger rows straight through SQL (the ledger's triggers run as for any charge): one grant that
 * pays for them, then 1-credit charges of three operations spread over the last 30 days.
 */
async function openDatabase(engine) {
  if (engine === 'postgres') {
    const { default: pg } = await import('pg');
    const adminUrl = process.env.QUARRY_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    const name = `quarry_bench_${process.pid}_${Math.floor(performance.now())}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const client = new pg.Client({ connectionString: url.toString() });
    let connected = false;
    return {
      engine,
      env: {
        QUARRY_DATABASE_URL: url.toString(),
        QUARRY_REDIS_URL: process.env.QUARRY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      },
      countLedger: async () => {
        if (!connected) await client.connect();
        connected = true;
        return Number((await client.query('SELECT COUNT(*) AS n FROM quarry_credit_ledger')).rows[0].n);
      },
      // The ledger's per-row triggers would move the one account row and its usage rows once per
      // seeded row in one transaction, each update walking every earlier version of its row: hours
      // for a million rows. They are off while seeding (session_replication_role, which needs a
      // superuser) and their effect is applied per batch: the grant pays for the charges, so the
      // balance stays as it was, and usage is counted per UTC day and operation as the trigger does.
      seedLedger: async (accountId, from, count) => {
        await client.query('BEGIN');
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query(numberedParameters(GRANT_SQL), [
          `seed-grant-${from}`,
          accountId,
          count,
          `seed-grant-${from}`,
          Date.now() - 31 * DAY_MS,
        ]);
        for (let start = 0; start < count; start += 50_000) {
          const n = Math.min(50_000, count - start);
          await client.query(
            `WITH seeded AS (
               INSERT INTO quarry_credit_ledger (id, account_id, amount, operation, reference_id, created_at)
               SELECT 'seed-' || (i + $2), $1, -1, (ARRAY['scrape','screenshot','brand'])[1 + (i + $2) % 3],
                      'seed-' || (i + $2), $4::bigint - ((i + $2) % 30)::bigint * ${DAY_MS} - (i + $2) % 1000
               FROM generate_series(0, $3 - 1) AS i
               RETURNING account_id, amount, operation, created_at)
             INSERT INTO quarry_credit_usage (account_id, day, operation, charges, credits)
             SELECT account_id, created_at / ${DAY_MS}, operation, COUNT(*), -SUM(amount) FROM seeded
             GROUP BY account_id, created_at / ${DAY_MS}, operation
             ON CONFLICT (account_id, day, operation) DO UPDATE SET
               charges = quarry_credit_usage.charges + excluded.charges,
               credits = quarry_credit_usage.credits + excluded.credits`,
            [accountId, from + start, n, Date.now()],
          );
        }
        await client.query('COMMIT');
      },
      drop: async () => {
        if (connected) await client.end();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const { default: Database } = await import('better-sqlite3');
  const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-db-'));
  const file = join(dir, 'quarry.sqlite');
  let db;
  const open = () => (db ??= new Database(file, { timeout: 10_000 }));
  return {
    engine,
    env: { QUARRY_DATABASE_URL: `sqlite:${file}` },
    countLedger: async () => open().prepare('SELECT COUNT(*) AS n FROM quarry_credit_ledger').get().n,
    seedLedger: async (accountId, from, count) => {
      const now = Date.now();
      const grant = open().prepare(GRANT_SQL);
      const charge = open().prepare(
        `INSERT INTO quarry_credit_ledger (id, account_id, amount, operation, reference_id, created_at)
         VALUES (?, ?, -1, ?, ?, ?)`,
      );
      const operations = ['scrape', 'screenshot', 'brand'];
      open().transaction(() => {
        grant.run(`seed-grant-${from}`, accountId, count, `seed-grant-${from}`, now - 31 * DAY_MS);
        for (let i = from; i < from + count; i += 1) {
          charge.run(
            `seed-${i}`,
            accountId,
            operations[i % 3],
            `seed-${i}`,
            now - (i % 30) * DAY_MS - (i % 1000),
          );
        }
      })();
    },
    drop: async () => {
      db?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A grant that pays for the seeded charges, so they leave the balance as it was. */
const GRANT_SQL = `INSERT INTO quarry_credit_ledger (id, account_id, amount, operation, reference_id, created_at)
  VALUES (?, ?, ?, 'credits.add', ?, ?)`;

/** PostgreSQL's `$1, $2, ...` for SQLite's `?`s. */
function numberedParameters(sql) {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
}

if (args.includes('--bare-server')) await serveBare(Number(process.env.PORT));
else await main();
