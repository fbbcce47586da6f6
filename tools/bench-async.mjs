#!/usr/bin/env node
// Async scrape throughput: submits N jobs at once to the built service (embedded queue, then Bull on
// Redis) against a local fixture site, and prints submit rate, completion rate and end-to-end latency
// (submission to callback received). Needs `npm run build`; Redis at QUARRY_BENCH_REDIS_URL
// (default redis://127.0.0.1:6379) for the Bull run, or `--only embedded`.
//
//   node tools/bench-async.mjs [--jobs 200] [--only embedded|bull]
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { startBuiltService } from './lib/built-service.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const jobs = Number(option('--jobs', '200'));
const only = option('--only', undefined);
const redisUrl = process.env.QUARRY_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const page = (i) =>
  `<!doctype html><html><head><title>Page ${i}</title></head><body><article><h1>Page ${i}</h1>` +
  `<p>${'Benchmark paragraph with enough words to count as the main content of a page. '.repeat(8)}</p></article></body></html>`;

async function listen(handler) {
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: server.address().port };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function run(engine) {
  const submittedAt = new Map();
  const latencies = [];
  let allDone;
  const done = new Promise((resolve) => (allDone = resolve));
  const site = await listen((req, res) => {
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const { jobId, status } = JSON.parse(body);
        if (status === 'completed' && submittedAt.has(jobId) && !latencies.find((l) => l.jobId === jobId)) {
          latencies.push({ jobId, ms: performance.now() - submittedAt.get(jobId) });
          if (latencies.length === jobs) allDone();
        }
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' }).end(page(req.url));
  });
  const service = await startBuiltService({
    credits: jobs * 2,
    env: {
      QUARRY_ALLOW_HOSTS: `127.0.0.1:${site.port}`,
      ...(engine === 'bull'
        ? {
            QUARRY_REDIS_URL: redisUrl,
            QUARRY_REDIS_PREFIX: `quarry-bench-${randomBytes(4).toString('hex')}`,
          }
        : {}),
    },
  });
  const { base } = service;
  const headers = { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' };
  const start = performance.now();
  await Promise.all(
    Array.from({ length: jobs }, async (_, i) => {
      const t0 = performance.now();
      const response = await fetch(`${base}/v1/api/scrape/async`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          url: `http://127.0.0.1:${site.port}/page-${i}`,
          callbackUrl: `http://127.0.0.1:${site.port}/hook`,
        }),
      });
      const { jobId } = await response.json();
      if (response.status !== 202) throw new Error(`submit answered ${response.status}`);
      submittedAt.set(jobId, t0);
    }),
  );
  const submitted = performance.now();
  const timeout = setTimeout(() => allDone(), 300_000);
  await done;
  clearTimeout(timeout);
  const finished = performance.now();
  await service.stop();
  site.server.close();
  const sorted = latencies.map((l) => l.ms).sort((a, b) => a - b);
  return {
    engine: engine === 'bull' ? 'Bull + Redis' : 'embedded (database queue)',
    delivered: `${latencies.length}/${jobs}`,
    submitRate: (jobs / ((submitted - start) / 1000)).toFixed(0),
    completionRate: (latencies.length / ((finished - start) / 1000)).toFixed(1),
    p50: sorted.length ? percentile(sorted, 50).toFixed(0) : '-',
    p95: sorted.length ? percentile(sorted, 95).toFixed(0) : '-',
  };
}

const rows = [];
for (const engine of ['embedded', 'bull']) if (!only || only === engine) rows.push(await run(engine));
console.log(`async scrape benchmark: ${jobs} jobs submitted at once, Node ${process.version}`);
console.log('| engine | delivered | submits/s | completions/s | p50 ms | p95 ms |');
console.log('|:--|--:|--:|--:|--:|--:|');
for (const r of rows)
  console.log(
    `| ${r.engine} | ${r.delivered} | ${r.submitRate} | ${r.completionRate} | ${r.p50} | ${r.p95} |`,
  );
