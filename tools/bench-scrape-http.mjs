#!/usr/bin/env node
// The article-extraction benchmark through the running service: serves the 181 pages from a local
// server, scrapes each with POST /v1/api/scrape on the built service (`npm run build` first), and
// scores the Markdown with the benchmark's score.mjs. Prints F1, precision, recall, failures, pages/s.
//
//   node tools/bench-scrape-http.mjs [--concurrency 4] [--limit N]
import { createServer } from 'node:http';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { repoRoot as root, startBuiltService } from './lib/built-service.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const concurrency = Number(option('--concurrency', '4'));
if (!process.env.QUARRY_BENCH_DIR) {
  console.error(
    'set QUARRY_BENCH_DIR to an article-extraction benchmark folder (html/, ground-truth.json, score.mjs)',
  );
  process.exit(1);
}
const benchDir = resolve(root, process.env.QUARRY_BENCH_DIR);
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
const service = await startBuiltService({ env: { QUARRY_ALLOW_HOSTS: `127.0.0.1:${sitePort}` } });
const { base, apiKey } = service;

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
await service.stop();
site.close();

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
