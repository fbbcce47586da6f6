// `npm run bench:hostile-pages`: /health latency while the built service scrapes pages whose markup
// is built to stall a parser, 8 at a time, each with `timeoutMs` (default 5000). Prints, per page,
// its size, the answer (status and code) and how long it took, then p50/p99/max of /health over the
// whole run. A page must answer within its timeoutMs (+1 s) and /health must stay fast meanwhile.
// QUARRY_DATABASE_URL and QUARRY_REDIS_URL, when set, run the service on PostgreSQL and Redis.
//
//   node tools/bench-hostile-pages.mjs [--timeout-ms 5000] [--rounds 2]
import { createServer } from 'node:http';
import { startBuiltService } from './lib/built-service.mjs';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .join(' ')
    .split('--')
    .filter(Boolean)
    .map((pair) => pair.trim().split(/\s+/)),
);
const timeoutMs = Number(args['timeout-ms'] ?? 5000);
const rounds = Number(args.rounds ?? 2);

const paragraph = `<p>${'A sentence of ordinary text that a reader might want. '.repeat(20)}</p>`;
const PAGES = {
  'unclosed p b i u span x 10,000': '<p><b><i><u><span>'.repeat(10_000) + paragraph,
  'unclosed p b i u span x 20,000': '<p><b><i><u><span>'.repeat(20_000) + paragraph,
  'unclosed formatting with text x 25,000': '<p><b><i><u><span>x'.repeat(25_000) + paragraph,
  'nested div x 400,000': '<div>'.repeat(400_000) + paragraph,
  'nested lists x 50,000': '<ul><li>'.repeat(50_000) + paragraph,
  'nested tables x 20,000': '<table><tr><td>'.repeat(20_000) + paragraph,
  'misnested links x 30,000': '<a href="/x"><b>'.repeat(30_000) + paragraph,
  'attributes x 200,000': `<div ${Array.from({ length: 200_000 }, (_, i) => `a${i}="v"`).join(' ')}>${paragraph}</div>`,
};

const site = createServer((request, response) => {
  const html = PAGES[decodeURIComponent(request.url.slice(1))];
  response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
  response.end(html ? `<!doctype html><title>Hostile</title>${html}` : 'not found');
});
await new Promise((resolve) => site.listen(0, '127.0.0.1', resolve));
const sitePort = site.address().port;

const engines = Object.fromEntries(
  ['QUARRY_DATABASE_URL', 'QUARRY_REDIS_URL']
    .filter((name) => process.env[name])
    .map((name) => [name, process.env[name]]),
);
const service = await startBuiltService({ env: { QUARRY_ALLOW_HOSTS: `127.0.0.1:${sitePort}`, ...engines } });
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
try {
  const health = [];
  let scraping = true;
  const sampler = (async () => {
    while (scraping) {
      const started = performance.now();
      const response = await fetch(`${service.base}/health`);
      await response.arrayBuffer();
      health.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  const results = [];
  for (let round = 1; round <= rounds; round++) {
    const answers = await Promise.all(
      Object.keys(PAGES).map(async (name) => {
        const started = performance.now();
        const response = await fetch(`${service.base}/v1/api/scrape`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${service.apiKey}` },
          body: JSON.stringify({
            url: `http://127.0.0.1:${sitePort}/${encodeURIComponent(name)}`,
            timeoutMs,
            forceFresh: true,
          }),
        });
        const body = await response.json();
        return {
          round,
          name,
          status: response.status,
          code: body.error ?? 'ok',
          ms: performance.now() - started,
        };
      }),
    );
    results.push(...answers);
  }
  scraping = false;
  await sampler;
  const late = results.filter((result) => result.ms > timeoutMs + 1000);
  const engine = engines.QUARRY_DATABASE_URL ? 'PostgreSQL' : 'SQLite';
  console.log(
    `hostile pages: ${Object.keys(PAGES).length} at a time, ${rounds} rounds, timeoutMs ${timeoutMs}, ${engine}${engines.QUARRY_REDIS_URL ? ' + Redis' : ''}`,
  );
  console.log('| round | page | KB | status | answer | ms |');
  console.log('|---:|:---|---:|---:|:---|---:|');
  for (const result of results)
    console.log(
      `| ${result.round} | ${result.name} | ${Math.round(PAGES[result.name].length / 1024)} | ${result.status} | ${result.code} | ${Math.round(result.ms)} |`,
    );
  health.sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(1)} ms`;
  console.log(
    `/health while scraping: ${health.length} samples, p50 ${ms(percentile(health, 50))}, p99 ${ms(percentile(health, 99))}, max ${ms(health.at(-1))}`,
  );
  console.log(`answers later than timeoutMs + 1 s: ${late.length}`);
  if (late.length > 0) process.exitCode = 1;
} finally {
  await service.stop();
  site.close();
}
