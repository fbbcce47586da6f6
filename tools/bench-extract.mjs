#!/usr/bin/env node
// Quality and speed of @quarry/extract against the Readability + turndown (jsdom) baseline on the
// article-extraction benchmark. Runs the BUILT package: `npx nx build extract` first.
//
//   node tools/bench-extract.mjs [--only quarry|baseline] [--limit N] [--per-page] [--halves] [--out DIR]
//
// --halves also scores the pages with even and odd index (sorted by id) separately, to check that a
// change helps on both halves rather than on a few pages of one.
//
// QUARRY_BENCH_DIR (required) points at the benchmark folder (html/, ground-truth.json, score.mjs).
// Predictions are written to
// DIR (default tmp/bench-extract) as <engine>.json, in the format score.mjs reads.
// pages/s is wall time over the measured pass; pages/CPU-s divides by this process's CPU time, which
// stays meaningful when other jobs share the machine (the load average is printed with the table).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = parseArgs(process.argv.slice(2));
const benchDir = resolve(repoRoot, process.env.QUARRY_BENCH_DIR ?? '');
const outDir = resolve(repoRoot, args.out ?? 'tmp/bench-extract');
const extractDist = join(repoRoot, 'packages/extract/dist/index.js');

if (!process.env.QUARRY_BENCH_DIR || !existsSync(join(benchDir, 'score.mjs')))
  fail(
    `no benchmark at ${benchDir}: set QUARRY_BENCH_DIR to a folder with html/, ground-truth.json and score.mjs`,
  );
if (!existsSync(extractDist)) fail(`${extractDist} is missing: run \`npx nx build extract\` first`);

const { score, pageScore, markdownToText } = await import(pathToFileURL(join(benchDir, 'score.mjs')).href);
const truth = JSON.parse(readFileSync(join(benchDir, 'ground-truth.json'), 'utf8'));
const pages = loadPages(benchDir, truth, args.limit);

const engines = [];
if (args.only !== 'baseline') engines.push(await quarryEngine());
if (args.only !== 'quarry') engines.push(await baselineEngine());
if (engines.length === 0) fail(`--only must be quarry or baseline`);

mkdirSync(outDir, { recursive: true });
const rows = [];
for (const engine of engines) {
  global.gc?.();
  rows.push(run(engine));
}
printTable(rows);
if (args.halves) printHalves(rows);
if (args.perPage) printPerPage(rows);

function run(engine) {
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
  let peakRss = process.memoryUsage().rss;
  let peakHeap = process.memoryUsage().heapUsed;
  let busy = 0;
  const cpuBefore = process.cpuUsage();
  for (const page of pages) {
    const started = performance.now();
    try {
      predictions[page.id] = { markdown: engine.extract(page.html, page.url) };
    } catch (error) {
      failures.push({ id: page.id, error: String(error?.code ?? error?.message ?? error).slice(0, 120) });
    }
    busy += performance.now() - started;
    const memory = process.memoryUsage();
    peakRss = Math.max(peakRss, memory.rss);
    peakHeap = Math.max(peakHeap, memory.heapUsed);
  }
  const cpu = process.cpuUsage(cpuBefore);
  writeFileSync(join(outDir, `${engine.name}.json`), JSON.stringify(predictions, null, 1));
  const result = score(predictions, join(benchDir, 'ground-truth.json'));
  result.halves = halves(predictions);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    engine: engine.label,
    result,
    pagesPerSecond: (pages.length * 1000) / busy,
    cpuPagesPerSecond: pages.length / cpuSeconds,
    peakRss,
    peakHeap,
    failures,
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

function loadPages(dir, groundTruth, limit) {
  const files = readdirSync(join(dir, 'html'))
    .filter((f) => f.endsWith('.html.gz'))
    .sort();
  const selected = limit ? files.slice(0, limit) : files;
  return selected.map((file) => {
    const id = file.replace(/\.html\.gz$/, '');
    const bytes = gunzipSync(readFileSync(join(dir, 'html', file)));
    return { id, url: groundTruth[id]?.url ?? 'https://example.com/', html: decode(bytes) };
  });
}

function decode(bytes) {
  const head = bytes.subarray(0, 4096).toString('latin1');
  const charset = /<meta[^>]+charset=["']?\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  try {
    return new TextDecoder(charset && charset !== 'utf8' ? charset : 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function printTable(results) {
  const mb = (n) => `${Math.round(n / 1048576)} MB`;
  const header = [
    'engine',
    'F1',
    'precision',
    'recall',
    'pages/s',
    'pages/CPU-s',
    'peak RSS',
    'peak heap',
    'failures',
  ];
  const lines = results.map((r) => [
    r.engine,
    r.result.f1.toFixed(3),
    r.result.precision.toFixed(3),
    r.result.recall.toFixed(3),
    r.pagesPerSecond.toFixed(1),
    r.cpuPagesPerSecond.toFixed(1),
    mb(r.peakRss),
    mb(r.peakHeap),
    `${r.failures.length}/${pages.length}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const load = loadavg()[0].toFixed(1);
  console.log(
    `article-extraction benchmark: ${pages.length} pages, Node ${process.version}, ${cpus().length} CPUs, load average ${load}`,
  );
  console.log(format(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const line of lines) console.log(format(line));
  for (const r of results) {
    for (const f of r.failures) console.log(`  ${r.engine} failed on ${f.id}: ${f.error}`);
  }
}

/** score.mjs's metric over the even- and odd-indexed pages (sorted by id) separately. */
function halves(predictions) {
  const ids = Object.keys(truth).sort();
  const precision = ([tp, fp, fn]) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fp === 0 ? 0 : tp / (tp + fp));
  const recall = ([tp, fp, fn]) => (fp === 0 && fn === 0 ? 1 : tp === 0 && fn === 0 ? 0 : tp / (tp + fn));
  const mean = (xs) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  return ['even', 'odd'].map((name, parity) => {
    const rows = ids
      .filter((_, i) => i % 2 === parity)
      .map((id) => pageScore(truth[id].articleBody ?? '', markdownToText(predictions[id]?.markdown ?? '')));
    const P = mean(rows.filter((s) => s[0] + s[1] > 0).map(precision));
    const R = mean(rows.filter((s) => s[0] + s[2] > 0).map(recall));
    return { name, pages: rows.length, f1: P + R > 0 ? (2 * P * R) / (P + R) : 0, precision: P, recall: R };
  });
}

function printHalves(results) {
  for (const r of results) {
    for (const h of r.result.halves) {
      console.log(
        `  ${r.engine}, ${h.name} half (${h.pages} pages): F1 ${h.f1.toFixed(4)}  precision ${h.precision.toFixed(4)}  recall ${h.recall.toFixed(4)}`,
      );
    }
  }
}

function printPerPage(results) {
  for (const r of results) {
    console.log(`\n${r.engine}, worst pages:`);
    const worst = [...r.result.perPage]
      .sort((a, b) => a.precision + a.recall - (b.precision + b.recall))
      .slice(0, 40);
    for (const p of worst) console.log(`${p.id}\tP=${p.precision.toFixed(3)}\tR=${p.recall.toFixed(3)}`);
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
    else fail(`unknown argument ${arg}`);
  }
  return parsed;
}

function fail(message) {
  console.error(`bench-extract: ${message}`);
  process.exit(2);
}
