#!/usr/bin/env node
// Quality and speed of @quarry/extract against the Readability + turndown (jsdom) baseline on two
// benchmarks side by side. Runs the BUILT package: `npx nx build extract` first.
//
//   node tools/bench-extract.mjs [--only quarry|baseline] [--limit N] [--per-page] [--halves] [--out DIR]
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
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
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
printTable(rows);
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
  writeFileSync(join(outDir, `${benchmark.name}-${engine.name}.json`), JSON.stringify(predictions, null, 1));
  const ids = pages.map((page) => page.id).sort();
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return {
    engine: engine.label,
    benchmark: benchmark.name,
    pages: pages.length,
    result: benchmark.score(predictions, ids),
    halves: ['even', 'odd'].map((name, parity) => ({
      name,
      ...benchmark.score(
        predictions,
        ids.filter((_, i) => i % 2 === parity),
      ),
    })),
    perPage: benchmark.perPage(predictions, ids),
    pagesPerSecond: (pages.length * 1000) / busy,
    cpuPagesPerSecond: pages.length / cpuSeconds,
    peakRss,
    failures,
  };
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
    else fail(`unknown argument ${arg}`);
  }
  return parsed;
}

function fail(message) {
  console.error(`bench-extract: ${message}`);
  process.exit(2);
}
