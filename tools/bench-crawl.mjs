#!/usr/bin/env node
// A whole-site crawl through the built service beside crawlee's CheerioCrawler, in one run. Serves a
// generated site (tools/lib/generated-site.mjs: --pages pages of 20-80 KB under robots.txt and a
// sitemap index, some redirects and broken links), crawls it with crawlee at --concurrency (fetch,
// parse, enqueue links; a child process), then through POST /v1/api/crawl on the HTTP tier (every
// page extracted to Markdown), the service's per-host limits set to the same concurrency, polling
// GET /v1/api/crawl/{jobId} and paging through its results with `next`.
//
// Prints, per crawler: pages fetched successfully and failed, wall seconds, pages/s, CPU ms per page
// (/proc of the crawler's processes: crawlee's child; the service's api and worker processes), and
// Quarry's pages/s over crawlee's (goal >= 0.8); then each process's RSS at the start, middle and end
// of its crawl and its maximum (flat when memory does not grow with the site), and what the site
// served to each (distinct pages, pages fetched again, redirects, 404s, sitemaps) to show both
// crawled the same site. Exits 1 when fewer completed pages come back through `next` than the
// crawl counts.
//
// `--engine sqlite` (default): one process on SQLite with the database queue. `--engine pg`: one
// QUARRY_ROLE=api process and 2 QUARRY_ROLE=worker processes on a fresh PostgreSQL database
// (QUARRY_TEST_POSTGRES_URL's server) and Bull on Redis (QUARRY_TEST_REDIS_URL). `npm run build` first.
//
//   node tools/bench-crawl.mjs [--pages 5000] [--concurrency 8] [--engine sqlite|pg] [--seed 1]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot, startBuiltService } from './lib/built-service.mjs';
import { startGeneratedSite } from './lib/generated-site.mjs';
import { createPostgresAndRedis } from './lib/postgres-redis.mjs';
import { meterProcesses, untilQuiet } from './lib/process-meter.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const pageCount = Number(option('--pages', '5000'));
const concurrency = Number(option('--concurrency', '8'));
const engine = option('--engine', 'sqlite');
const seed = option('--seed', '1');
if (!['sqlite', 'pg'].includes(engine)) throw new Error(`--engine is sqlite or pg, not ${engine}`);
if (!Number.isInteger(concurrency) || concurrency < 1) throw new Error('--concurrency is a positive integer');

/** Link hops from the home page to its deepest URL (home, section, subsection, article, redirect). */
const MAX_DEPTH = 10;
/** The largest `limit` of a crawl. */
const MAX_LIMIT = 10_000;
const POLL_MS = 500;
const RESULTS_PER_ANSWER = 100;
const WORKERS = engine === 'pg' ? 2 : 0;

async function main() {
  const site = await startGeneratedSite({ pages: pageCount, seed });
  // Every URL the site links to, so that neither crawler stops short of the whole site.
  const limit = Math.min(MAX_LIMIT, pageCount + site.layout.redirects.size + site.layout.brokenLinks);
  try {
    const load = loadavg()[0];
    const crawlee = await crawlWithCrawlee(site);
    progress(crawlee);
    const quarry = await crawlWithQuarry(site, limit);
    progress(quarry);
    report({ site, limit, load, crawlee, quarry });
  } finally {
    await site.close();
  }
}

/** One line on stderr as each crawl ends, so that a run that fails later still shows it. */
function progress(run) {
  console.error(`${run.name}: ${run.pages} pages, ${run.failed} failed, ${run.seconds.toFixed(1)} s`);
}

/** crawlee in a child process, metered from its go signal to its result. */
async function crawlWithCrawlee(site) {
  const child = spawn(
    process.execPath,
    [join(repoRoot, 'tools/lib/crawlee-crawl.mjs'), `${site.origin}/`, String(concurrency)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const first = await lines.next();
  if (first.value !== 'ready') throw new Error(`the crawlee process did not start (${first.value})`);
  site.resetCounts();
  const meter = meterProcesses([{ name: 'crawlee', pid: child.pid }]);
  const started = performance.now();
  child.stdin.write('go\n');
  const { value } = await lines.next();
  const seconds = (performance.now() - started) / 1000;
  const processes = meter.stop();
  child.stdin.end();
  await exited;
  const result = JSON.parse(value);
  return {
    name: 'crawlee CheerioCrawler (fetch, parse, enqueue links)',
    pages: result.pages,
    failed: result.failed,
    seconds,
    processes,
    served: site.counts(),
  };
}

/** The built service, its start-up over, crawling the site on the HTTP tier; metered until the crawl ends. */
async function crawlWithQuarry(site, limit) {
  const database = engine === 'pg' ? await createPostgresAndRedis() : undefined;
  let service;
  let meter;
  try {
    service = await startBuiltService({
      credits: 2 * limit,
      workers: WORKERS,
      env: {
        QUARRY_ALLOW_HOSTS: site.host,
        QUARRY_CRAWL_HOST_CONCURRENCY: String(concurrency),
        QUARRY_CRAWL_HOST_REQUESTS_PER_SECOND: '100000',
        QUARRY_CRAWL_PAGE_CONCURRENCY: String(concurrency),
        ...database?.env,
      },
    });
    const processes = [
      { name: WORKERS ? 'Quarry api' : 'Quarry', pid: service.pid },
      ...service.workerPids.map((pid, i) => ({ name: `Quarry worker ${i + 1}`, pid })),
    ];
    await Promise.all(processes.map(({ pid }) => untilQuiet(pid)));
    const call = async (method, path, body) => {
      const response = await fetch(`${service.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' },
        body: body && JSON.stringify(body),
      });
      const answer = await response.json();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
      return answer;
    };
    site.resetCounts();
    meter = meterProcesses(processes);
    const started = performance.now();
    const { jobId } = await call('POST', '/v1/api/crawl', {
      url: `${site.origin}/`,
      limit,
      maxDepth: MAX_DEPTH,
      scrapeOptions: { forceFresh: true, timeoutMs: 30_000 },
    });
    const results = { completed: 0, markdownChars: 0, empty: 0, errors: {} };
    let ended;
    for (let cursor; ;) {
      const answer = await call(
        'GET',
        `/v1/api/crawl/${jobId}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      tally(results, answer.pages);
      cursor = answer.next ?? cursor;
      if (!ended && !['queued', 'running'].includes(answer.status))
        ended = {
          answer,
          seconds: (performance.now() - started) / 1000,
          processes: meter.stop(),
          served: site.counts(),
        };
      if (ended && !answer.next) break;
      if (!ended && answer.pages.length < RESULTS_PER_ANSWER)
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const { answer } = ended;
    // Every completed page must come back once through the cursor; a shortfall fails the run.
    if (results.completed !== answer.completed) process.exitCode = 1;
    return {
      name: `Quarry (fetch, extract, Markdown)`,
      pages: answer.completed,
      failed: answer.failed,
      seconds: ended.seconds,
      processes: ended.processes,
      served: ended.served,
      status: `${answer.status}${answer.reason ? ` (${answer.reason})` : ''}, ${answer.total} in scope, ${answer.creditsUsed} credits`,
      results,
    };
  } finally {
    meter?.stop();
    await service?.stop();
    await database?.drop();
  }
}

/** Counts the crawl's recorded pages: completed ones with their Markdown, failed ones by error code. */
function tally(results, pages) {
  for (const page of pages) {
    if (page.status === 'failed') results.errors[page.error] = (results.errors[page.error] ?? 0) + 1;
    else {
      results.completed += 1;
      results.markdownChars += page.markdown.length;
      if (page.markdown.trim() === '') results.empty += 1;
    }
  }
}

function report({ site, limit, load, crawlee, quarry }) {
  const engineName =
    engine === 'pg' ? `PostgreSQL + Bull/Redis, ${WORKERS} workers` : 'SQLite + database queue';
  const rate = (run) => run.pages / run.seconds;
  const cpuMs = (run) => run.processes.reduce((sum, p) => sum + p.cpuMs, 0);
  console.log(
    `\ncrawl: ${site.layout.all.length} pages (seed ${seed}), ${site.layout.redirects.size} redirects, ${site.layout.brokenLinks} broken links, ` +
      `${site.sitemapCount} sitemaps; limit ${limit}, concurrency ${concurrency}; ${engineName}; Node ${process.version}, ` +
      `${cpus().length} cores, load average ${load.toFixed(2)} at the start`,
  );
  printTable(
    ['crawler', 'pages', 'failed', 'seconds', 'pages/s', 'CPU ms/page', 'x crawlee'],
    [crawlee, quarry].map((run) => [
      run.name,
      run.pages,
      run.failed,
      run.seconds.toFixed(1),
      rate(run).toFixed(1),
      (cpuMs(run) / run.pages).toFixed(2),
      (rate(run) / rate(crawlee)).toFixed(2),
    ]),
  );
  console.log(
    `Quarry / crawlee pages/s: ${(rate(quarry) / rate(crawlee)).toFixed(2)} (goal >= 0.8); Quarry's crawl: ${quarry.status}; ` +
      `completed pages paged through with next: ${quarry.results.completed} of ${quarry.pages}; ` +
      `Markdown ${(quarry.results.markdownChars / quarry.results.completed / 1000).toFixed(1)} k characters a page, ` +
      `${quarry.results.empty} empty; failed pages by code: ${JSON.stringify(quarry.results.errors)}`,
  );
  console.log('\nmemory over each crawl (RSS, MB):');
  printTable(
    ['process', 'CPU s', 'start', 'middle', 'end', 'max'],
    [...crawlee.processes, ...quarry.processes].map((p) => [
      p.name,
      (p.cpuMs / 1000).toFixed(1),
      ...['start', 'middle', 'end', 'max'].map((at) => p.rss[at].toFixed(0)),
    ]),
  );
  console.log('\nwhat the site served to each crawl:');
  printTable(
    [
      'crawler',
      'requests',
      'distinct pages',
      'pages again',
      'redirects',
      '404s',
      'sitemaps',
      'robots.txt',
      'MB',
    ],
    [crawlee, quarry].map((run) => [
      run.name,
      run.served.requests,
      run.served.pages,
      run.served.repeats,
      run.served.redirects,
      run.served.notFound,
      run.served.sitemaps,
      run.served.robots,
      run.served.megabytes.toFixed(0),
    ]),
  );
}

function printTable(header, rows) {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map((_, i) => (i === 0 ? '---' : '--:')).join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

await main();
