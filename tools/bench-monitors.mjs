#!/usr/bin/env node
// Monitor throughput and scheduler overhead, in this process on the BUILT packages (`npx nx build monitor`).
//
//   node tools/bench-monitors.mjs [--monitors 300] [--rounds 3] [--concurrency 4] [--fleet 10000]
//                                 [--engine sqlite|postgres]
//
// 1. Checks per minute: one worker (MonitorModule + the database queue on SQLite, or Bull on Redis
//    with --engine postgres) with --monitors monitors on a local fixture site, a fifth of whose pages
//    change between rounds (so diffs and events are part of the work; notifications off). Each round
//    makes every monitor due, runs one scheduler tick and times until every check is recorded.
// 2. Scheduler overhead per --fleet monitors (no workers): the time of a tick with nothing due, and
//    of the tick that claims all of them and queues their checks, in wall and CPU time.
// QUARRY_BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test) and
// QUARRY_BENCH_REDIS_URL (default redis://127.0.0.1:6379) for --engine postgres.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const monitorCount = Number(option('--monitors', '300'));
const rounds = Number(option('--rounds', '3'));
const concurrency = Number(option('--concurrency', '4'));
const fleet = Number(option('--fleet', '10000'));
const engine = option('--engine', 'sqlite');
const postgresUrl = process.env.QUARRY_BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.QUARRY_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const require = createRequire(join(root, 'packages/monitor/package.json'));
require('reflect-metadata');
let quarry;
try {
  quarry = {
    core: require('@quarry/core'),
    persistence: require('@quarry/persistence'),
    queueDb: require('@quarry/queue-db'),
    accounts: require('@quarry/accounts'),
    net: require('@quarry/net'),
    browser: require('@quarry/browser'),
    scrape: require('@quarry/scrape'),
    monitor: require('@quarry/monitor'),
    bull: require('@quarry/queue-bull'),
  };
} catch (error) {
  console.error(`Cannot load the built packages (${error.message}): run \`npx nx build monitor\` first.`);
  process.exit(1);
}
const { NestFactory } = require('@nestjs/core');
const { Logger } = require('@nestjs/common');
const { DataSource } = require('typeorm');

const versions = new Map();
const page = (i) => {
  const version = versions.get(i) ?? 0;
  return `<!doctype html><html><head><title>Page ${i}</title></head><body><nav><a href="/">Home</a></nav><article><h1>Page ${i}</h1>
${Array.from({ length: 12 }, (_, p) => `<p>Paragraph ${p} of page ${i}: ${'readable words that a monitor compares from one check to the next. '.repeat(4)}</p>`).join('\n')}
<p>Version ${version} of this page.</p></article><footer>Footer</footer></body></html>`;
};

async function database() {
  const parts = {
    entities: [
      ...quarry.queueDb.queueDbEntities,
      ...quarry.accounts.accountsEntities,
      ...quarry.scrape.scrapeEntities,
      ...quarry.monitor.monitorEntities,
    ],
    migrations: [
      ...quarry.queueDb.queueDbMigrations,
      ...quarry.accounts.accountsMigrations,
      ...quarry.scrape.scrapeMigrations,
      ...quarry.monitor.monitorMigrations,
    ],
  };
  if (engine === 'postgres') {
    const name = `quarry_bench_${randomBytes(4).toString('hex')}`;
    const admin = await new DataSource({ type: 'postgres', url: postgresUrl }).initialize();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    const dataSource = await new DataSource(
      quarry.persistence.dataSourceOptionsFromUrl(url.toString(), parts),
    ).initialize();
    return {
      dataSource,
      close: async () => {
        await dataSource.destroy();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.destroy();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-monitors-'));
  const dataSource = await new DataSource(
    quarry.persistence.dataSourceOptionsFromUrl(`sqlite:${join(dir, 'bench.sqlite')}`, parts),
  ).initialize();
  return {
    dataSource,
    close: async () => {
      await dataSource.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function application(dataSource, allowHost, { runWorkers }) {
  class DatabaseModule {}
  const databaseModule = {
    module: DatabaseModule,
    global: true,
    providers: [{ provide: DataSource, useValue: dataSource }],
    exports: [DataSource],
  };
  class BenchModule {}
  const queue =
    engine === 'postgres'
      ? quarry.bull.BullQueueModule.forRoot({
          redisUrl,
          prefix: `quarry-bench-${randomBytes(4).toString('hex')}`,
          runWorkers,
          shutdownGraceMs: 1000,
        })
      : quarry.queueDb.DatabaseQueueModule.forRoot({ runWorkers, pollIntervalMs: 50, shutdownGraceMs: 1000 });
  const app = await NestFactory.createApplicationContext(
    {
      module: BenchModule,
      imports: [
        databaseModule,
        quarry.core.QuarryCoreModule,
        quarry.persistence.QuarryDataSourceModule,
        queue,
        quarry.net.NetModule.forRoot({ allowHosts: [allowHost], isGlobal: true }),
        quarry.browser.BrowserModule.forRoot({ isGlobal: true, maxPages: 1 }),
        quarry.accounts.AccountsModule.forRoot({}),
        quarry.scrape.ScrapeModule.forRoot({}),
        quarry.monitor.MonitorModule.forRoot({ runScheduler: false, checkConcurrency: concurrency }),
      ],
    },
    { logger: ['error'] },
  );
  return app;
}

async function insertMonitors(dataSource, accountId, count, url) {
  const now = Date.now();
  const farFuture = now + 3_600_000;
  const ids = [];
  for (let start = 0; start < count; start += 500) {
    const rows = [];
    const params = [];
    for (let i = start; i < Math.min(count, start + 500); i++) {
      const id = randomUUID();
      ids.push(id);
      const base = params.length;
      const placeholders = Array.from({ length: 6 }, (_, k) =>
        dataSource.options.type === 'postgres' ? `$${base + k + 1}` : '?',
      );
      rows.push(
        `(${placeholders[0]}, ${placeholders[1]}, ${placeholders[2]}, 'active', 5, ${placeholders[3]}, 0, ${placeholders[4]}, 0, ${placeholders[5]}, ${now})`,
      );
      params.push(id, accountId, url(i), 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', farFuture, now);
    }
    await dataSource.query(
      `INSERT INTO quarry_monitors (id, account_id, url, status, interval_minutes, webhook_secret, consecutive_failures, next_check_at, content_version, created_at, updated_at) VALUES ${rows.join(', ')}`,
      params,
    );
  }
  return ids;
}

const makeAllDue = (dataSource) =>
  dataSource.query(`UPDATE quarry_monitors SET next_check_at = ${Date.now() - 1000}`);
const countChecks = async (dataSource) =>
  Number((await dataSource.query('SELECT COUNT(*) AS n FROM quarry_monitor_checks'))[0].n);
const cpuMs = (since) => {
  const usage = process.cpuUsage(since);
  return (usage.user + usage.system) / 1000;
};

async function throughput(site) {
  const db = await database();
  const app = await application(db.dataSource, site.hostPort, { runWorkers: true });
  try {
    const account = await app.get(quarry.accounts.AccountsService).create('bench@example.com', 1_000_000);
    await insertMonitors(db.dataSource, account.id, monitorCount, (i) => `${site.origin}/page/${i}`);
    const scheduler = app.get(quarry.monitor.MonitorScheduler);
    const results = [];
    let expected = 0;
    for (let round = 0; round <= rounds; round++) {
      if (round > 0) for (let i = 0; i < monitorCount; i += 5) versions.set(i, (versions.get(i) ?? 0) + 1);
      await makeAllDue(db.dataSource);
      const started = performance.now();
      const cpu = process.cpuUsage();
      expected += await scheduler.tick();
      while ((await countChecks(db.dataSource)) < expected)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const seconds = (performance.now() - started) / 1000;
      // Round 0 records baselines and warms up; it is not counted.
      if (round > 0) results.push({ seconds, cpuSeconds: cpuMs(cpu) / 1000 });
    }
    const outcomes = await db.dataSource.query(
      'SELECT outcome, COUNT(*) AS n FROM quarry_monitor_checks GROUP BY outcome ORDER BY outcome',
    );
    return { results, outcomes: outcomes.map((r) => `${r.outcome} ${r.n}`).join(', ') };
  } finally {
    await app.close();
    await db.close();
  }
}

async function schedulerOverhead(site) {
  const db = await database();
  const app = await application(db.dataSource, site.hostPort, { runWorkers: false });
  try {
    const account = await app.get(quarry.accounts.AccountsService).create('fleet@example.com', 1_000_000);
    await insertMonitors(db.dataSource, account.id, fleet, (i) => `${site.origin}/page/${i % 1000}`);
    const scheduler = app.get(quarry.monitor.MonitorScheduler);
    const idle = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      await scheduler.tick();
      idle.push(performance.now() - started);
    }
    await makeAllDue(db.dataSource);
    const started = performance.now();
    const cpu = process.cpuUsage();
    const queued = await scheduler.tick();
    return { idleMs: median(idle), claimMs: performance.now() - started, claimCpuMs: cpuMs(cpu), queued };
  } finally {
    await app.close();
    await db.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = createServer((request, response) => {
  const match = /^\/page\/(\d+)$/.exec(request.url ?? '');
  if (!match) return response.writeHead(404).end();
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(Number(match[1])));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const site = {
  origin: `http://127.0.0.1:${server.address().port}`,
  hostPort: `127.0.0.1:${server.address().port}`,
};
Logger.overrideLogger(['error']);

try {
  console.log(
    `bench-monitors: engine ${engine === 'postgres' ? 'PostgreSQL + Bull' : 'SQLite + database queue'}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`,
  );
  const { results, outcomes } = await throughput(site);
  const rates = results.map((r) => (monitorCount / r.seconds) * 60);
  console.log(
    `\n1. One worker, check concurrency ${concurrency}, ${monitorCount} monitors, ${rounds} rounds (a fifth of the pages change each round):`,
  );
  results.forEach((r, i) =>
    console.log(
      `   round ${i + 1}: ${r.seconds.toFixed(2)} s -> ${Math.round(rates[i])} checks/min (process CPU ${r.cpuSeconds.toFixed(2)} s, ${((r.cpuSeconds * 1000) / monitorCount).toFixed(1)} ms per check)`,
    ),
  );
  console.log(`   median: ${Math.round(median(rates))} checks/min; outcomes recorded: ${outcomes}`);

  const overhead = await schedulerOverhead(site);
  console.log(`\n2. Scheduler overhead with ${fleet} monitors:`);
  console.log(`   tick with nothing due: ${overhead.idleMs.toFixed(2)} ms (median of 20)`);
  console.log(
    `   tick claiming all ${overhead.queued} due monitors and queueing their checks: ${overhead.claimMs.toFixed(0)} ms wall, ${overhead.claimCpuMs.toFixed(0)} ms CPU in this process`,
  );
  console.log(
    `   per 10,000 monitors: ${((overhead.claimMs / overhead.queued) * 10_000).toFixed(0)} ms per full interval, i.e. ${(((overhead.claimMs / overhead.queued) * 10_000) / 3600).toFixed(2)} ms per minute at a 60-minute interval`,
  );
  console.log(`   (load average at the end: ${loadavg()[0].toFixed(2)})`);
} finally {
  server.close();
}
process.exit(0);
