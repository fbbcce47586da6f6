#!/usr/bin/env node
// The article-extraction benchmark through the running service: serves the 181 pages from a local
// server, scrapes each with POST /v1/api/scrape on the built service (`npm run build` first), and
// scores the Markdown with the benchmark's score.mjs. Prints F1, precision, recall, failures, pages/s.
//
//   node tools/bench-scrape-http.mjs [--concurrency 4] [--limit N]
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const concurrency = Number(option('--concurrency', '4'));
const benchDir = resolve(root, process.env.QUARRY_BENCH_DIR ?? '../shared/bench/article-extraction');
const { score } = await import(pathToFileURL(join(benchDir, 'score.mjs')).href);
const ids = readdirSync(join(benchDir, 'html'))
  .filter((f) => f.endsWith('.html.gz'))
  .map((f) => f.replace(/\.html\.gz$/, ''))
  .sort()
  .slice(0, Number(option('--limit', '100000')));

const site = createServer((req, res) => {
  const id = req.url.slice(1);
  if (!ids.includes(id)) return res.writeHead(404).end();
  res
    .writeHead(200, { 'content-type': 'text/html' })
    .end(gunzipSync(readFileSync(join(benchDir, 'html', `${id}.html.gz`))));
});
await new Promise((r) => site.listen(0, '127.0.0.1', r));
const sitePort = site.address().port;
const probe = createServer();
await new Promise((r) => probe.listen(0, '127.0.0.1', r));
const apiPort = probe.address().port;
probe.close();

const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-scrape-'));
const env = {
  ...process.env,
  PORT: String(apiPort),
  QUARRY_DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
  QUARRY_ALLOW_HOSTS: `127.0.0.1:${sitePort}`,
  QUARRY_RATE_LIMIT_WORK_PER_MINUTE: '1000000',
  QUARRY_LOG_LEVEL: 'warn',
};
const { apiKey } = JSON.parse(
  execFileSync(
    process.execPath,
    [
      join(root, 'apps/api/dist/cli/main.js'),
      'accounts',
      'create',
      '--email',
      'bench@example.com',
      '--credits',
      '100000',
      '--json',
    ],
    { env },
  ).toString(),
);
const service = spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
  env,
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${apiPort}`;
for (let i = 0; !(await fetch(`${base}/health`).catch(() => undefined))?.ok; i++) {
  if (i > 300) throw new Error('service did not start');
  await new Promise((r) => setTimeout(r, 100));
}

const predictions = {};
const failures = [];
const queue = [...ids];
const start = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (let id = queue.shift(); id; id = queue.shift()) {
      const response = await fetch(`${base}/v1/api/scrape`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://127.0.0.1:${sitePort}/${id}` }),
      });
      const body = await response.json();
      if (response.ok) predictions[id] = { markdown: body.markdown };
      else failures.push(`${id}: ${response.status} ${body.error}`);
    }
  }),
);
const seconds = (performance.now() - start) / 1000;
service.kill('SIGTERM');
await new Promise((r) => service.once('exit', r));
site.close();
rmSync(dir, { recursive: true, force: true });

const s = score(predictions);
const scored = ids.length === s.pages ? s : { ...s, note: `scored ${ids.length} of ${s.pages} pages` };
console.log(
  `scrape over HTTP: ${ids.length} benchmark pages, concurrency ${concurrency}, Node ${process.version}`,
);
console.log('| F1 | precision | recall | failures | pages/s |');
console.log('|--:|--:|--:|--:|--:|');
console.log(
  `| ${scored.f1.toFixed(4)} | ${scored.precision.toFixed(4)} | ${scored.recall.toFixed(4)} | ${failures.length}/${ids.length} | ${(ids.length / seconds).toFixed(1)} |`,
);
for (const failure of failures) console.log(`  failed ${failure}`);
