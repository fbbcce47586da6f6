#!/usr/bin/env node
// Latency and throughput of POST /v1/api/screenshot against a bare puppeteer-core script that
// captures the same local page with the same Chromium binary, then a soak that watches for leaks.
// Runs the BUILT service: `npx nx build api` first.
//
//   node tools/bench-screenshot.mjs [--captures N] [--rounds R] [--soak N] [--keep-logs]
//
// The tool serves a fixture page on 127.0.0.1, starts `node apps/api/dist/main.js` on a free port
// with a temporary SQLite database (QUARRY_ALLOW_HOSTS = the fixture, a high work rate limit),
// creates an account with the operator CLI and measures, at concurrency 1 and 4:
//   quarry    HTTP POST /v1/api/screenshot (auth, credits, the checking proxy, a reused incognito
//             context and page cleared between captures)
//   bare      puppeteer-core in this process: newPage, viewport 1280x800, goto(load), JPEG q80, close
//   bare-ctx  the same in a fresh incognito context per capture (what jobsPerContext: 1 costs)
// They alternate in rounds so that load from other work on the machine hits them alike. Every
// image is checked (JPEG, 1280 x 800). The soak then runs --soak captures (default 300) at
// concurrency 4 and samples the service's Chromium processes, open file descriptors and memory.
// cpu-ms/capture is CPU time per capture on the whole machine's cores: for quarry the service process
// (HTTP, auth, credits, the checking proxy, CDP) and its Chromium; for bare only its Chromium.
// QUARRY_CHROMIUM_PATH picks the browser for both sides (default: chromium on PATH).
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { repoRoot, startBuiltService } from './lib/built-service.mjs';

const cleanups = [];
const args = parseArgs(process.argv.slice(2));
const { launch } = createRequire(join(repoRoot, 'packages/browser/package.json'))('puppeteer-core');
const chromiumPath =
  process.env.QUARRY_CHROMIUM_PATH ||
  which('chromium') ||
  which('chromium-browser') ||
  which('google-chrome');
if (!chromiumPath) fail('no Chromium found: set QUARRY_CHROMIUM_PATH');

const CONCURRENCIES = [1, 4];
const VIEWPORT = { width: 1280, height: 800 };
const QUALITY = 80;
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench page</title>
<style>body{margin:0;font:16px/1.5 sans-serif;color:#222}header{height:120px;background:#d00;color:#fff;padding:24px}
main{display:flex;gap:24px;padding:24px}section{flex:1}aside{width:300px;height:400px;background:#06c}</style></head>
<body><header><h1>Quarry screenshot bench</h1></header><main><section>
${'<p>A simple local page: a red header band, a blue side box and a few paragraphs of text to lay out and paint.</p>'.repeat(8)}
</section><aside></aside></main></body></html>`;

process.on('SIGINT', () => shutdown(130));

try {
  const site = await serveFixture();
  cleanups.unshift(() => site.close());
  const pageUrl = `${site.origin}/page`;

  const service = await startBuiltService({
    env: { QUARRY_ALLOW_HOSTS: site.hostPort, QUARRY_CHROMIUM_PATH: chromiumPath },
    logs: args.keepLogs,
  });
  cleanups.unshift(() => service.stop());
  const { base, apiKey } = service;

  const quarry = {
    name: 'quarry',
    cpuMs: () => treeCpuMs(service.pid),
    capture: async () => {
      const response = await fetch(`${base}/v1/api/screenshot`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: pageUrl }),
      });
      const body = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200)
        throw new Error(`HTTP ${response.status}: ${body.toString('utf8').slice(0, 300)}`);
      if (response.headers.get('content-type') !== 'image/jpeg')
        throw new Error(`content-type ${response.headers.get('content-type')}`);
      if (response.headers.get('x-final-url') !== pageUrl)
        throw new Error(`X-Final-Url ${response.headers.get('x-final-url')}`);
      return body;
    },
  };

  const browser = await launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  cleanups.unshift(() => browser.close());
  const bare = {
    name: 'bare',
    cpuMs: () => treeCpuMs(browser.process().pid),
    capture: async () => {
      const page = await browser.newPage();
      try {
        await page.setViewport({ ...VIEWPORT, deviceScaleFactor: 1 });
        await page.goto(pageUrl, { waitUntil: 'load' });
        return Buffer.from(await page.screenshot({ type: 'jpeg', quality: QUALITY }));
      } finally {
        await page.close();
      }
    },
  };

  // A fresh incognito context per capture, alone (the pool's jobsPerContext: 1).
  const bareContext = {
    name: 'bare-ctx',
    cpuMs: bare.cpuMs,
    capture: async () => {
      const context = await browser.createBrowserContext();
      try {
        const page = await context.newPage();
        await page.setViewport({ ...VIEWPORT, deviceScaleFactor: 1 });
        await page.goto(pageUrl, { waitUntil: 'load' });
        return Buffer.from(await page.screenshot({ type: 'jpeg', quality: QUALITY }));
      } finally {
        await context.close();
      }
    },
  };
  const engines = [quarry, bare, bareContext];

  process.stdout.write(
    `Screenshot bench: ${cpus().length} cores, load ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}, ${chromiumPath}, ` +
      `${args.captures} captures per engine per concurrency in ${args.rounds} alternating rounds\n`,
  );
  for (const engine of engines) await runBatch(engine, 4, 8); // warm: browsers launched, code paths hot

  const rows = [];
  for (const concurrency of CONCURRENCIES) {
    const samples = Object.fromEntries(engines.map((engine) => [engine.name, []]));
    const wall = Object.fromEntries(engines.map((engine) => [engine.name, 0]));
    const cpu = Object.fromEntries(engines.map((engine) => [engine.name, 0]));
    const perRound = Math.max(concurrency, Math.round(args.captures / args.rounds));
    for (let round = 0; round < args.rounds; round += 1) {
      const order = round % 2 === 0 ? engines : [...engines].reverse();
      for (const engine of order) {
        const result = await runBatch(engine, concurrency, perRound);
        samples[engine.name].push(...result.latencies);
        wall[engine.name] += result.wallMs;
        cpu[engine.name] += result.cpuMs;
      }
    }
    for (const engine of engines)
      rows.push(
        summarise(engine.name, concurrency, samples[engine.name], wall[engine.name], cpu[engine.name]),
      );
  }
  printTable(rows);
  for (const concurrency of CONCURRENCIES) {
    const q = rows.find((row) => row.engine === 'quarry' && row.concurrency === concurrency);
    const b = rows.find((row) => row.engine === 'bare' && row.concurrency === concurrency);
    const c = rows.find((row) => row.engine === 'bare-ctx' && row.concurrency === concurrency);
    process.stdout.write(
      `concurrency ${concurrency}: quarry/bare throughput ${(q.perSecond / b.perSecond).toFixed(2)}x ` +
        `(quarry/bare-ctx ${(q.perSecond / c.perSecond).toFixed(2)}x), p50 quarry ${q.p50} ms vs bare ${b.p50} ms\n`,
    );
  }
  await browser.close();

  if (args.soak > 0) await soak(quarry, service.pid, args.soak);
  process.stdout.write(
    `load after: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}\n`,
  );
  await shutdown(0);
} catch (error) {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.message : String(error)}\n`);
  await shutdown(1);
}

async function runBatch(engine, concurrency, count) {
  const latencies = [];
  let next = 0;
  const cpuBefore = engine.cpuMs();
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next += 1;
      const t0 = performance.now();
      const image = await engine.capture();
      latencies.push(performance.now() - t0);
      assertJpeg(image, engine.name);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 300)); // closed pages' processes exit and are reaped
  return { latencies, wallMs, cpuMs: engine.cpuMs() - cpuBefore };
}

async function soak(engine, servicePid, total) {
  process.stdout.write(`\nSoak: ${total} captures at concurrency 4 through the HTTP endpoint\n`);
  process.stdout.write('captures  chromium-procs  service-fds  service-rss-MB  chromium-rss-MB\n');
  const samples = [];
  const sample = async (done) => {
    await new Promise((r) => setTimeout(r, 1500)); // let closed contexts' renderers exit
    const tree = chromiumTree(servicePid);
    const row = {
      done,
      procs: tree.length,
      fds: readdirSync(`/proc/${servicePid}/fd`).length,
      serviceRss: rssMb([servicePid]),
      chromiumRss: rssMb(tree),
    };
    samples.push(row);
    process.stdout.write(
      `${String(done).padStart(8)}  ${String(row.procs).padStart(14)}  ${String(row.fds).padStart(11)}  ${row.serviceRss.toFixed(0).padStart(14)}  ${row.chromiumRss.toFixed(0).padStart(15)}\n`,
    );
  };
  await sample(0);
  const step = 50;
  for (let done = 0; done < total;) {
    const count = Math.min(step, total - done);
    await runBatch(engine, 4, count);
    done += count;
    await sample(done);
  }
  const first = samples[1] ?? samples[0];
  const last = samples.at(-1);
  process.stdout.write(
    `soak: chromium processes ${first.procs} -> ${last.procs}, service fds ${first.fds} -> ${last.fds}, ` +
      `service RSS ${first.serviceRss.toFixed(0)} -> ${last.serviceRss.toFixed(0)} MB, Chromium RSS ${first.chromiumRss.toFixed(0)} -> ${last.chromiumRss.toFixed(0)} MB ` +
      `(after the first ${step}; the pool replaces its browser every 200 jobs by default)\n`,
  );
}

function assertJpeg(image, engine) {
  const size = jpegSize(image);
  if (!size || size.width !== VIEWPORT.width || size.height !== VIEWPORT.height) {
    throw new Error(
      `${engine}: not a ${VIEWPORT.width}x${VIEWPORT.height} JPEG (${size ? `${size.width}x${size.height}` : 'unreadable'})`,
    );
  }
}

/** Width and height from the first SOF marker of a JPEG. */
function jpegSize(buffer) {
  if (buffer.length < 4 || buffer[0] !== 0xff || buffer[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < buffer.length) {
    if (buffer[offset] !== 0xff) return undefined;
    const marker = buffer[offset + 1];
    const length = buffer.readUInt16BE(offset + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: buffer.readUInt16BE(offset + 5), width: buffer.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

function summarise(engine, concurrency, latencies, wallMs, cpuMs) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  return {
    engine,
    concurrency,
    captures: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    perSecond: sorted.length / (wallMs / 1000),
    cpuPerCapture: cpuMs / sorted.length,
  };
}

function printTable(rows) {
  process.stdout.write('\nengine    concurrency  captures  p50-ms  p95-ms  captures/s  cpu-ms/capture\n');
  for (const row of rows) {
    process.stdout.write(
      `${row.engine.padEnd(8)}  ${String(row.concurrency).padStart(11)}  ${String(row.captures).padStart(8)}  ${String(row.p50).padStart(6)}  ${String(row.p95).padStart(6)}  ${row.perSecond.toFixed(2).padStart(10)}  ${row.cpuPerCapture.toFixed(0).padStart(14)}\n`,
    );
  }
}

async function serveFixture() {
  const server = createServer((request, response) => {
    if (request.url === '/page') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(PAGE);
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    close: () => new Promise((done) => (server.closeAllConnections(), server.close(() => done()))),
  };
}

/**
 * CPU milliseconds of `pid` and every live descendant, each with its reaped children (so renderers
 * that exited count through the process that waited for them).
 */
function treeCpuMs(pid) {
  const tick = 1000 / 100; // USER_HZ
  let total = 0;
  for (const member of [pid, ...descendants(pid).map((entry) => entry.pid)]) {
    try {
      const stat = readFileSync(`/proc/${member}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * tick;
    } catch {
      // gone
    }
  }
  return total;
}

/** Processes descended from `pid` (Linux /proc), zombies included, as { pid, state, comm }. */
function descendants(pid) {
  const entries = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const [state, ppid] = stat.slice(close + 2).split(' ');
      entries.push({
        pid: Number(name),
        ppid: Number(ppid),
        state,
        comm: stat.slice(stat.indexOf('(') + 1, close),
      });
    } catch {
      // gone while listing
    }
  }
  const found = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const entry of entries) {
      if (!found.has(entry.pid) && found.has(entry.ppid)) {
        found.add(entry.pid);
        grew = true;
      }
    }
  }
  return entries.filter((entry) => entry.pid !== pid && found.has(entry.pid));
}

/** Live processes descended from `pid` whose name starts with "chrom". */
function chromiumTree(pid) {
  return descendants(pid)
    .filter((entry) => entry.state !== 'Z' && /^chrom/.test(entry.comm))
    .map((entry) => entry.pid);
}

function rssMb(pids) {
  let kb = 0;
  for (const pid of pids) {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) kb += Number(match[1]);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

function which(command) {
  const found = spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

function parseArgs(argv) {
  const parsed = { captures: 40, rounds: 4, soak: 300, keepLogs: false };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const number = () => {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 0) fail(`${arg} needs a non-negative integer`);
      return value;
    };
    if (arg === '--captures') parsed.captures = Math.max(1, number());
    else if (arg === '--rounds') parsed.rounds = Math.max(1, number());
    else if (arg === '--soak') parsed.soak = number();
    else if (arg === '--keep-logs') parsed.keepLogs = true;
    else fail(`unknown argument ${arg}`);
  }
  return parsed;
}

async function shutdown(code) {
  for (const cleanup of cleanups.splice(0)) {
    try {
      await cleanup();
    } catch {
      // best effort
    }
  }
  process.exit(code);
}

/** Before anything was started: print and exit. Afterwards: throw, so the cleanups run. */
function fail(message) {
  if (cleanups.length === 0) {
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
  throw new Error(message);
}
