#!/usr/bin/env node
// Quality and speed of @quarry/extract against the Readability + turndown (jsdom) baseline on two
// benchmarks side by side. Runs the BUILT package: `npx nx build extract` first.
//
//   node tools/bench-extract.mjs [--only quarry|baseline] [--via-threads] [--via-api] [--limit N] [--per-page] [--halves] [--out DIR]
//
// Both benchmark folders are required, by environment variable:
//   QUARRY_BENCH_DIR               article extraction (English news): html/*.html.gz, ground-truth.json
//                                  with the full article text, score.mjs (token 4-gram F1 per page)
//   QUARRY_MULTILINGUAL_BENCH_DIR  multilingual extraction (news, blogs, government and shop pages):
//                                  pages/*.html.gz, ground-truth.json with snippets that must and must
//                                  not appear, score.mjs (snippet counts over all pages)
//
// --halves also scores the pages with even and odd index (sorted by id) separately, to check that a
// change helps on both halves rather than on a few pages of one. --per-page lists the worst pages.
// Predictions are written to DIR (default tmp/bench-extract) as <benchmark>-<engine>.json.
// pages/s is wall time over the measured pass; pages/CPU-s divides by this process's CPU time, which
// stays meaningful when other jobs share the machine (the load average is printed with the table).
// Peak RSS is the process's, so it grows with what ran before; run with --only for one engine alone.
// --via-threads also reads every page as the service does, on one of the scrape module's reading
// threads (`npx nx build scrape` first), one page at a time, and prints the hand-off: the time per
// page the thread adds to reading the page in this thread (sending the page there and the
// result back). The thread also checks for a sign-in form, as a scrape does.
// --via-api also runs every page through the built service (`npx nx build api` first) as a user
// would: each page's stored bytes served over local HTTP without a declared charset, scraped with
// POST /v1/api/scrape (4 at a time), scored the same way; its pages/s is the service's throughput,
// pages/CPU-s and peak RSS are the service process's, and it reports on how many pages the text is
// the extractor's own.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = parseArgs(process.argv.slice(2));
const outDir = resolve(repoRoot, args.out ?? 'tmp/bench-extract');
const extractDist = join(repoRoot, 'packages/extract/dist/index.js');

const englishDir = benchmarkDir(
  'QUARRY_BENCH_DIR',
  ['html', 'ground-truth.json', 'score.mjs'],
  'the article-extraction benchmark',
);
const multilingualDir = benchmarkDir(
  'QUARRY_MULTILINGUAL_BENCH_DIR',
  ['pages', 'ground-truth.json', 'score.mjs'],
  'the multilingual extraction benchmark',
);
if (!existsSync(extractDist)) fail(`${extractDist} is missing: run \`npx nx build extract\` first`);

const benchmarks = [await englishBenchmark(englishDir), await multilingualBenchmark(multilingualDir)];

const engines = [];
if (args.only !== 'baseline') engines.push(await quarryEngine());
if (args.only !== 'quarry') engines.push(await baselineEngine());
if (engines.length === 0) fail(`--only must be quarry or baseline`);

mkdirSync(outDir, { recursive: true });
const rows = [];
for (const engine of engines) {
  for (const benchmark of benchmarks) {
    global.gc?.();
    rows.push(run(engine, benchmark));
  }
}
if (args.viaThreads) {
  for (const benchmark of benchmarks) rows.push(await runViaThreads(benchmark));
}
if (args.viaApi) {
  for (const benchmark of benchmarks) rows.push(await runViaApi(benchmark));
}
printTable(rows);
if (args.viaThreads) printHandOff(rows);
if (args.viaApi) printApiAgreement(rows);
if (args.halves) printHalves(rows);
if (args.perPage) printPerPage(rows);

function run(engine, benchmark) {
  const { pages } = benchmark;
  for (const page of pages.slice(0, Math.min(10, pages.length))) {
    try {
      engine.extract(page.html, page.url);
    } catch {
      // warm-up only; failures are counted in the measured pass
    }
  }
  global.gc?.();
  const predictions = {};
  const failures = [];
  let peakRss = process.memoryUsage.rss();
  let busy = 0;
  const cpuBefore = process.cpuUsage();
  for (const page of pages) {
    const started = performance.now();
    try {
      predictions[page.id] = engine.extract(page.html, page.url);
    } catch (error) {
      failures.push({ id: page.id, error: String(error?.code ?? error?.message ?? error).slice(0, 120) });
    }
    busy += performance.now() - started;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }
  const cpu = process.cpuUsage(cpuBefore);
  return scored(engine, benchmark, predictions, failures, {
    pagesPerSecond: (pages.length * 1000) / busy,
    cpuPagesPerSecond: pages.length / ((cpu.user + cpu.system) / 1e6),
    peakRss,
  });
}

/** An engine's row: its predictions written to the output folder and scored, whole and by halves. */
function scored(engine, benchmark, predictions, failures, speed) {
  writeFileSync(join(outDir, `${benchmark.name}-${engine.name}.json`), JSON.stringify(predictions, null, 1));
  const ids = benchmark.pages.map((page) => page.id).sort();
  return {
    engine: engine.label,
    name: engine.name,
    benchmark: benchmark.name,
    pages: ids.length,
    predictions,
    result: benchmark.score(predictions, ids),
    halves: ['even', 'odd'].map((name, parity) => ({
      name,
      ...benchmark.score(
        predictions,
        ids.filter((_, i) => i % 2 === parity),
      ),
    })),
    perPage: benchmark.perPage(predictions, ids),
    ...speed,
    failures,
  };
}

/** The pages read on a reading thread of the built scrape module, one at a time, as a scrape reads them. */
async function runViaThreads(benchmark) {
  const readerJs = join(repoRoot, 'packages/scrape/dist/content/page-reader.js');
  if (!existsSync(readerJs)) fail(`${readerJs} is missing: run \`npx nx build scrape\` first`);
  const { PageReader } = createRequire(readerJs)(readerJs);
  const optionsJs = join(repoRoot, 'packages/scrape/dist/scrape-options.interface.js');
  const { SCRAPE_DEFAULTS } = createRequire(optionsJs)(optionsJs);
  const reader = new PageReader({ ...SCRAPE_DEFAULTS, readingThreads: 1 });
  const read = (page) => reader.html(page.html, page.url, page.url, false, Date.now() + 60_000, {});
  try {
    for (const page of benchmark.pages.slice(0, 10)) await read(page).catch(() => undefined);
    const predictions = {};
    const failures = [];
    let busy = 0;
    const cpuBefore = process.cpuUsage();
    for (const page of benchmark.pages) {
      const started = performance.now();
      try {
        predictions[page.id] = (await read(page)).content.markdown;
      } catch (error) {
        failures.push({ id: page.id, error: String(error?.code ?? error?.message ?? error).slice(0, 120) });
      }
      busy += performance.now() - started;
    }
    const cpu = process.cpuUsage(cpuBefore);
    return scored(
      { name: 'quarry-threads', label: 'quarry on a reading thread' },
      benchmark,
      predictions,
      failures,
      {
        pagesPerSecond: (benchmark.pages.length * 1000) / busy,
        cpuPagesPerSecond: benchmark.pages.length / ((cpu.user + cpu.system) / 1e6),
        peakRss: process.memoryUsage.rss(),
      },
    );
  } finally {
    await reader.onModuleDestroy();
  }
}

/** What reading on a thread adds per page to reading in this thread. */
function printHandOff(results) {
  for (const threads of results.filter((r) => r.name === 'quarry-threads')) {
    const direct = results.find((r) => r.name === 'quarry' && r.benchmark === threads.benchmark);
    if (!direct) continue;
    const perPage = (r) => 1000 / r.pagesPerSecond;
    console.log(
      `  ${threads.benchmark}: ${perPage(threads).toFixed(2)} ms per page on a reading thread, ${perPage(direct).toFixed(2)} ms in this thread: hand-off ${(perPage(threads) - perPage(direct)).toFixed(2)} ms`,
    );
  }
}

/** The pages through the built service, as a user's requests: served over HTTP, scraped, scored. */
async function runViaApi(benchmark) {
  const { startBuiltService } = await import('./lib/built-service.mjs');
  const byId = new Map(benchmark.pages.map((page) => [page.id, page]));
  const site = createServer((req, res) => {
    const page = byId.get(decodeURIComponent(req.url.slice(1)));
    if (!page) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html' }).end(gunzipSync(readFileSync(page.file)));
  });
  await new Promise((listening) => site.listen(0, '127.0.0.1', listening));
  const host = `127.0.0.1:${site.address().port}`;
  const service = await startBuiltService({ env: { QUARRY_ALLOW_HOSTS: host }, credits: 1_000_000 });
  const headers = { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' };
  const predictions = {};
  const failures = [];
  const scrape = async (page) => {
    const body = JSON.stringify({ url: `http://${host}/${encodeURIComponent(page.id)}` });
    const response = await fetch(`${service.base}/v1/api/scrape`, { method: 'POST', headers, body });
    const answer = await response.json();
    if (response.status === 200) predictions[page.id] = answer.markdown;
    else failures.push({ id: page.id, error: `${response.status} ${answer.error}` });
  };
  try {
    const cpuBefore = processCpuSeconds(service.pid);
    const started = performance.now();
    const queue = [...benchmark.pages];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let page = queue.shift(); page; page = queue.shift()) await scrape(page);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return scored({ name: 'quarry-api', label: 'quarry through the API' }, benchmark, predictions, failures, {
      pagesPerSecond: benchmark.pages.length / seconds,
      cpuPagesPerSecond: benchmark.pages.length / (processCpuSeconds(service.pid) - cpuBefore),
      peakRss: processPeakRss(service.pid),
    });
  } finally {
    await service.stop();
    site.close();
  }
}

/** User + system CPU seconds of a running process (Linux). */
function processCpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Peak resident memory of a running process in bytes (Linux). */
function processPeakRss(pid) {
  const kb = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/**
 * How many pages the service answered with the extractor's own text (as scored: the pages are
 * served from another address than their own, so link targets differ).
 */
function printApiAgreement(results) {
  for (const api of results.filter((r) => r.name === 'quarry-api')) {
    const direct = results.find((r) => r.name === 'quarry' && r.benchmark === api.benchmark);
    if (!direct) continue;
    const { text } = benchmarks.find((b) => b.name === api.benchmark);
    const same = Object.keys(direct.predictions).filter(
      (id) => id in api.predictions && text(api.predictions[id]) === text(direct.predictions[id]),
    ).length;
    console.log(
      `  ${api.benchmark}: ${same} of ${api.pages} pages' text through the API is the extractor's own`,
    );
  }
}

/** English news with full-text truth: token 4-gram precision and recall averaged over pages. */
async function englishBenchmark(dir) {
  const { pageScore, markdownToText } = await import(pathToFileURL(join(dir, 'score.mjs')).href);
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8'));
  const pages = loadPages(join(dir, 'html'), (id) => truth[id]?.url);
  const precision = ([tp, fp, fn]) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fp === 0 ? 0 : tp / (tp + fp));
  const recall = ([tp, fp, fn]) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fn === 0 ? 0 : tp / (tp + fn));
  const mean = (xs) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const counts = (predictions, id) =>
    pageScore(truth[id].articleBody ?? '', markdownToText(predictions[id] ?? ''));
  return {
    name: 'english',
    pages,
    text: markdownToText,
    // score.mjs's metric, over any subset of the pages.
    score(predictions, ids) {
      const rows = ids.map((id) => counts(predictions, id));
      const P = mean(rows.filter((s) => s[0] + s[1] > 0).map(precision));
      const R = mean(rows.filter((s) => s[0] + s[2] > 0).map(recall));
      return { f1: P + R > 0 ? (2 * P * R) / (P + R) : 0, precision: P, recall: R };
    },
    perPage(predictions, ids) {
      return ids.map((id) => {
        const s = counts(predictions, id);
        const P = precision(s);
        const R = recall(s);
        return { id, detail: `P=${P.toFixed(3)} R=${R.toFixed(3)}`, badness: 2 - P - R };
      });
    },
  };
}

/** Multilingual pages with must/must-not snippets: counts summed over pages, then F1. */
async function multilingualBenchmark(dir) {
  const { scorePage, total, markdownToText, truth } = await import(
    pathToFileURL(join(dir, 'score.mjs')).href
  );
  const pages = loadPages(join(dir, 'pages'), (id) => truth[id]?.url);
  const counts = (predictions, id) =>
    scorePage(id, predictions[id] == null ? null : markdownToText(predictions[id]));
  return {
    name: 'multilingual',
    pages,
    text: markdownToText,
    score(predictions, ids) {
      const { f1, precision, recall } = total(ids.map((id) => counts(predictions, id)));
      return { f1, precision, recall };
    },
    perPage(predictions, ids) {
      return ids.map((id) => {
        const c = counts(predictions, id);
        return {
          id,
          detail: `missing ${c.fn}/${c.tp + c.fn}, unwanted ${c.fp}/${c.fp + c.tn}`,
          badness: c.fn + c.fp,
        };
      });
    },
  };
}

async function quarryEngine() {
  const { extract, ExtractError } = await import(pathToFileURL(extractDist).href);
  return {
    name: 'quarry',
    label: 'quarry (@quarry/extract)',
    extract(html, url) {
      const result = extract(html, { url });
      if (result instanceof ExtractError) throw result;
      return result.markdown;
    },
  };
}

async function baselineEngine() {
  const require = createRequire(join(repoRoot, 'packages/extract/package.json'));
  const { JSDOM, VirtualConsole } = require('jsdom');
  const { Readability } = require('@mozilla/readability');
  const TurndownService = require('turndown');
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  const virtualConsole = new VirtualConsole();
  return {
    name: 'baseline',
    label: 'baseline (Readability + turndown, jsdom)',
    extract(html, url) {
      const dom = new JSDOM(html, { url, virtualConsole });
      try {
        const article = new Readability(dom.window.document).parse();
        if (!article?.content) throw new Error('no article');
        return turndown.turndown(article.content);
      } finally {
        dom.window.close();
      }
    },
  };
}

function benchmarkDir(variable, entries, description) {
  const value = process.env[variable];
  const dir = resolve(repoRoot, value ?? '');
  if (!value || !entries.every((entry) => existsSync(join(dir, entry))))
    fail(
      `${value ? `no benchmark at ${dir}` : `${variable} is not set`}: set ${variable} to ${description}, ` +
        `a folder with ${entries.join(', ')}`,
    );
  return dir;
}

function loadPages(dir, urlOf, limit = args.limit) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.html.gz'))
    .sort();
  const selected = limit ? files.slice(0, limit) : files;
  return selected.map((file) => {
    const id = file.replace(/\.html\.gz$/, '');
    return {
      id,
      url: urlOf(id) ?? 'https://example.com/',
      file: join(dir, file),
      html: decode(gunzipSync(readFileSync(join(dir, file)))),
    };
  });
}

/** The declared charset; else UTF-8, or windows-1252 when the bytes are not UTF-8 (as browsers guess). */
function decode(bytes) {
  const head = bytes.subarray(0, 4096).toString('latin1');
  const charset = /<meta[^>]+charset=["']?\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (charset && charset !== 'utf8' && charset !== 'utf-8') {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // an unknown label: guess as if none were declared
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder(charset ? 'utf-8' : 'windows-1252').decode(bytes);
  }
}

function printTable(results) {
  const mb = (n) => `${Math.round(n / 1048576)} MB`;
  const header = [
    'benchmark',
    'engine',
    'F1',
    'precision',
    'recall',
    'pages/s',
    'pages/CPU-s',
    'peak RSS',
    'failures',
  ];
  const sorted = [...results].sort(
    (a, b) =>
      benchmarks.findIndex((x) => x.name === a.benchmark) -
      benchmarks.findIndex((x) => x.name === b.benchmark),
  );
  const lines = sorted.map((r) => [
    `${r.benchmark} (${r.pages})`,
    r.engine,
    r.result.f1.toFixed(3),
    r.result.precision.toFixed(3),
    r.result.recall.toFixed(3),
    r.pagesPerSecond.toFixed(1),
    r.cpuPagesPerSecond.toFixed(1),
    mb(r.peakRss),
    `${r.failures.length}/${r.pages}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const load = loadavg()[0].toFixed(1);
  console.log(`extraction benchmarks: Node ${process.version}, ${cpus().length} CPUs, load average ${load}`);
  console.log(format(header));
  console.log(
    `|${widths.map((w, i) => (i < 2 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const line of lines) console.log(format(line));
  for (const r of sorted) {
    for (const f of r.failures) console.log(`  ${r.benchmark}, ${r.engine} failed on ${f.id}: ${f.error}`);
  }
}

function printHalves(results) {
  for (const r of results) {
    for (const h of r.halves) {
      console.log(
        `  ${r.benchmark}, ${r.engine}, ${h.name} half: F1 ${h.f1.toFixed(4)}  precision ${h.precision.toFixed(4)}  recall ${h.recall.toFixed(4)}`,
      );
    }
  }
}

function printPerPage(results) {
  for (const r of results) {
    console.log(`\n${r.benchmark}, ${r.engine}, worst pages:`);
    const worst = [...r.perPage].sort((a, b) => b.badness - a.badness).slice(0, 40);
    for (const p of worst) console.log(`${p.id}\t${p.detail}`);
  }
}

function parseArgs(argv) {
  const parsed = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') parsed.only = argv[++i];
    else if (arg === '--limit') parsed.limit = Number(argv[++i]);
    else if (arg === '--out') parsed.out = argv[++i];
    else if (arg === '--per-page') parsed.perPage = true;
    else if (arg === '--halves') parsed.halves = true;
    else if (arg === '--via-api') parsed.viaApi = true;
    else if (arg === '--via-threads') parsed.viaThreads = true;
    else fail(`unknown argument ${arg}`);
  }
  return parsed;
}

function fail(message) {
  console.error(`bench-extract: ${message}`);
  process.exit(2);
}
