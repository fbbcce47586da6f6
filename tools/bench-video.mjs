#!/usr/bin/env node
// Video transcripts through the built service's HTTP API, against local stand-ins for the platforms
// and an OpenAI-compatible speech-to-text provider. Runs the BUILT service: `npx nx build api` first.
//
//   node tools/bench-video.mjs [--jobs 200] [--cached 20] [--engine embedded|bull]
//                              [--long-minutes 120] [--short-minutes 10] [--only captions|memory] [--keep-logs]
//
// 1. Caption throughput: --jobs YouTube and TikTok videos with captions (half each, distinct ids, so
//    none is served from the cache) are submitted at once to POST /v1/api/video/process with a
//    callbackUrl on a local receiver (allowed by QUARRY_ALLOW_HOSTS); a job is done when its
//    callback arrives. Then --cached of the same videos again, all answered from the cache. Prints
//    jobs/min, p50/p95 latency (submission to callback), the service's CPU ms per job
//    (/proc/<pid>/stat, its children included) and the load average. Every job is then read back
//    with GET /v1/api/video/jobs/:id to check its source and charge.
// 2. Memory of speech-to-text: an Instagram reel (always transcribed) whose media is a generated
//    AAC track (a tone under pink noise) of --short-minutes, then one of --long-minutes, each on a
//    fresh service, with the stand-in provider as QUARRY_STT_URL. The service's RSS and that of its
//    children (ffprobe, ffmpeg) are sampled every 200 ms while the job runs: if the media and the
//    audio are streamed rather than buffered, both peaks are alike. The tracks are made once with
//    ffmpeg and kept in QUARRY_BENCH_MEDIA_DIR (default <tmpdir>/quarry-bench-video).
//
// --engine bull runs the jobs on Bull with Redis at QUARRY_BENCH_REDIS_URL (default
// redis://127.0.0.1:6379) under a random prefix instead of the database queue.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { processTree, SpeechToTextStandIn, startPlatformStandIns } from '@quarry/testing';
import { startBuiltService } from './lib/built-service.mjs';

const cleanups = [];
const args = parseArgs(process.argv.slice(2));
const redisUrl = process.env.QUARRY_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const mediaDir = process.env.QUARRY_BENCH_MEDIA_DIR ?? join(tmpdir(), 'quarry-bench-video');
const SAMPLE_MS = 200;
const PRICE_PER_MINUTE = 4;

process.on('SIGINT', () => shutdown(130));

try {
  process.stdout.write(
    `Video bench: ${cpus().length} cores, load ${loadText()}, Node ${process.version}, engine ${args.engine}\n`,
  );
  if (args.only !== 'memory') printCaptionTable(await captionRuns());
  if (args.only !== 'captions') {
    const rows = [];
    for (const minutes of [args.shortMinutes, args.longMinutes]) rows.push(await transcriptionRun(minutes));
    printMemoryTable(rows);
  }
  process.stdout.write(`load after: ${loadText()}\n`);
  await shutdown(0);
} catch (error) {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  await shutdown(1);
}

// ---- 1. Caption throughput ---------------------------------------------------------------------

async function captionRuns() {
  const videos = Array.from({ length: args.jobs }, (_, index) => captionedVideo(index));
  const standIns = await startPlatformStandIns({
    youtube: {
      videos: Object.fromEntries(videos.filter((v) => v.youtube).map((v) => [v.id, v.youtube])),
    },
    tiktok: { videos: Object.fromEntries(videos.filter((v) => v.tiktok).map((v) => [v.id, v.tiktok])) },
  });
  const closeStandIns = closing(() => standIns.close());
  const receiver = await callbackReceiver();
  const closeReceiver = closing(() => receiver.close());
  const service = await startService({
    credits: args.jobs + args.cached,
    env: {
      QUARRY_VIDEO_ORIGINS: JSON.stringify(standIns.origins),
      QUARRY_ALLOW_HOSTS: receiver.hostPort,
    },
  });
  const fresh = await captionBatch(service, receiver, videos, false);
  const cached = await captionBatch(service, receiver, videos.slice(0, args.cached), true);
  await service.close();
  await closeReceiver();
  await closeStandIns();
  return [
    { run: 'captions, fresh', ...fresh },
    { run: 'captions, cache hits', ...cached },
  ];
}

/** Video `index`: YouTube (even) or TikTok (odd), with a 40-cue English caption track. */
function captionedVideo(index) {
  const lines = Array.from(
    { length: 40 },
    (_, line) => `Line ${line + 1} of video ${index}: a sentence of ordinary length for a caption.`,
  );
  if (index % 2 === 0) {
    const id = `bEnCh${String(index).padStart(6, '0')}`;
    return {
      id,
      url: `https://www.youtube.com/watch?v=${id}`,
      youtube: {
        title: `Bench video ${index}`,
        lengthSeconds: lines.length * 3,
        captions: [
          {
            languageCode: 'en',
            format: 'json3',
            cues: lines.map((text, line) => ({ text, startMs: line * 3000, durationMs: 2800 })),
          },
          { languageCode: 'en', kind: 'asr', cues: [{ text: 'auto', startMs: 0, durationMs: 1000 }] },
        ],
      },
    };
  }
  const id = `74${String(index).padStart(17, '0')}`;
  const cue = (line) =>
    `00:${String(Math.floor(line / 20)).padStart(2, '0')}:${String((line * 3) % 60).padStart(2, '0')}.000`;
  return {
    id,
    url: `https://www.tiktok.com/@bench.user/video/${id}`,
    tiktok: {
      author: { uniqueId: 'bench.user', nickname: 'Bench' },
      desc: `Bench video ${index}`,
      duration: lines.length * 3,
      subtitles: [
        {
          languageCodeName: 'eng-US',
          body: `WEBVTT\n\n${lines.map((text, line) => `${cue(line)} --> ${cue(line + 1)}\n${text}\n`).join('\n')}`,
        },
      ],
    },
  };
}

/** Submits every video at once and waits for all callbacks; then checks each job with GET. */
async function captionBatch(service, receiver, videos, expectCached) {
  const headers = { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' };
  const submittedAt = new Map();
  const awaited = receiver.expect(videos.length);
  const cpuBefore = cpuMs(service.pid);
  const loadBefore = loadavg()[0];
  const start = performance.now();
  await Promise.all(
    videos.map(async (video) => {
      const t0 = performance.now();
      const response = await fetch(`${service.base}/v1/api/video/process`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: video.url, callbackUrl: `${receiver.origin}/hook` }),
      });
      const body = await response.json();
      if (response.status !== 202)
        throw new Error(`submit answered ${response.status}: ${JSON.stringify(body)}`);
      submittedAt.set(body.jobId, t0);
    }),
  );
  const callbacks = await awaited;
  const cpuUsed = cpuMs(service.pid) - cpuBefore;
  const lastAt = Math.max(...callbacks.map((c) => c.at));
  const latencies = callbacks.map((c) => c.at - submittedAt.get(c.jobId)).sort((a, b) => a - b);
  const failed = callbacks.filter((c) => c.status !== 'completed');
  for (const { jobId, error } of failed.slice(0, 5))
    process.stderr.write(`job ${jobId} failed: ${JSON.stringify(error)}\n`);
  await checkJobs(service, [...submittedAt.keys()], expectCached);
  return {
    jobs: videos.length,
    completed: callbacks.length - failed.length,
    perMinute: (callbacks.length - failed.length) / ((lastAt - start) / 60_000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    cpuPerJob: cpuUsed / videos.length,
    load: `${loadBefore.toFixed(1)} → ${loadavg()[0].toFixed(1)}`,
  };
}

/** Every job completed from captions (or the cache), charged 1 credit. */
async function checkJobs(service, jobIds, expectCached) {
  const queue = [...jobIds];
  const worker = async () => {
    for (let jobId = queue.pop(); jobId; jobId = queue.pop()) {
      const job = await getJob(service, jobId);
      const result = job.result;
      if (
        job.status !== 'completed' ||
        result.transcript.source !== 'captions' ||
        result.cached !== expectCached ||
        result.credits !== 1 ||
        result.transcript.segments.length !== 40
      ) {
        throw new Error(`job ${jobId} is not what was expected: ${JSON.stringify(job).slice(0, 500)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** A local server the callbacks are POSTed to; `expect(n)` resolves with the first n job outcomes. */
async function callbackReceiver() {
  let wanted = 0;
  let received = [];
  let resolve;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      response.writeHead(204).end();
      const { jobId, status, error } = JSON.parse(body);
      if (received.some((c) => c.jobId === jobId)) return; // a repeated delivery
      received.push({ jobId, status, error, at: performance.now() });
      if (received.length === wanted) resolve(received);
    });
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    expect(count) {
      wanted = count;
      received = [];
      return withTimeout(new Promise((done) => (resolve = done)), 20 * 60_000, `${count} callbacks`);
    },
    close: () => new Promise((done) => (server.closeAllConnections(), server.close(() => done()))),
  };
}

// ---- 2. Memory of speech-to-text ---------------------------------------------------------------

async function transcriptionRun(minutes) {
  const file = await toneTrack(minutes);
  const seconds = minutes * 60;
  const code = `bEnChTrK${String(minutes).padStart(3, '0')}`;
  const standIns = await startPlatformStandIns({
    instagram: {
      posts: {
        [code]: {
          username: 'bench.audio',
          caption: `A ${minutes}-minute track`,
          duration: seconds,
          media: { file, contentType: 'video/mp4' },
        },
      },
    },
  });
  const closeStandIns = closing(() => standIns.close());
  const stt = await SpeechToTextStandIn.start({ segments: { everySeconds: 5 } });
  const closeStt = closing(() => stt.close());
  const service = await startService({
    credits: PRICE_PER_MINUTE * (minutes + 1),
    env: {
      QUARRY_VIDEO_ORIGINS: JSON.stringify(standIns.origins),
      QUARRY_STT_URL: stt.url,
      QUARRY_VIDEO_MAX_DURATION_SECONDS: String(seconds + 3600),
    },
  });
  await new Promise((r) => setTimeout(r, 2000)); // boot settles
  resetPeak(service.pid);
  const before = memoryOf(service.pid);
  const peak = { service: before.rss, tree: before.rss + before.children, ffmpeg: 0 };
  const sampler = setInterval(() => {
    const now = memoryOf(service.pid);
    peak.service = Math.max(peak.service, now.rss);
    peak.tree = Math.max(peak.tree, now.rss + now.children);
    peak.ffmpeg = Math.max(peak.ffmpeg, now.ffmpeg);
  }, SAMPLE_MS);
  const start = performance.now();
  const response = await fetch(`${service.base}/v1/api/video/process`, {
    method: 'POST',
    headers: { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `https://www.instagram.com/reel/${code}/` }),
  });
  const { jobId } = await response.json();
  if (response.status !== 202) throw new Error(`submit answered ${response.status}`);
  let job;
  for (const until = Date.now() + 60 * 60_000; ;) {
    job = await getJob(service, jobId);
    if (job.status === 'completed' || job.status === 'failed') break;
    if (Date.now() > until) throw new Error(`the ${minutes}-minute job did not finish within an hour`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const wallMs = performance.now() - start;
  clearInterval(sampler);
  if (job.status !== 'completed')
    throw new Error(`the ${minutes}-minute job failed: ${JSON.stringify(job.error)}`);
  await new Promise((r) => setTimeout(r, 1000));
  const after = memoryOf(service.pid);
  await service.close();
  await closeStt();
  await closeStandIns();
  return {
    minutes,
    mediaMb: statSync(file).size / 2 ** 20,
    wallS: wallMs / 1000,
    chunks: stt.uploads.length,
    audioS: stt.uploads.reduce((sum, upload) => sum + upload.durationSeconds, 0),
    segments: job.result.transcript.segments.length,
    credits: job.result.credits,
    before: before.rss,
    peak: peak.service,
    hwm: after.hwm,
    after: after.rss,
    tree: peak.tree,
    ffmpeg: peak.ffmpeg,
  };
}

/** An AAC-in-MP4 track of a 440 Hz tone under pink noise, made once per length and kept. */
async function toneTrack(minutes) {
  mkdirSync(mediaDir, { recursive: true });
  const file = join(mediaDir, `tone-${minutes}min.mp4`);
  if (existsSync(file)) return file;
  process.stdout.write(`making ${file} with ffmpeg (once)...\n`);
  const partial = `${file}.part`;
  await promisify(execFile)('ffmpeg', [
    ...['-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'],
    ...['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.05:sample_rate=44100'],
    ...['-filter_complex', '[0:a][1:a]amix=inputs=2:duration=shortest', '-t', String(minutes * 60)],
    ...['-ac', '1', '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', '-f', 'mp4', partial],
  ]);
  renameSync(partial, file);
  return file;
}

/**
 * The service's resident memory (MB) now and its peak since `resetPeak`, and the summed RSS of its
 * children: all of them, and the ffmpeg/ffprobe ones.
 */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  let children = 0;
  let ffmpeg = 0;
  for (const child of processTree(pid)) {
    if (child === pid) continue;
    try {
      const rss = statusMb(readFileSync(`/proc/${child}/status`, 'utf8'), 'VmRSS');
      children += rss;
      if (/^ff(mpeg|probe)$/.test(readFileSync(`/proc/${child}/comm`, 'utf8').trim())) ffmpeg += rss;
    } catch {
      // exited between the listing and the read
    }
  }
  return { rss: statusMb(status, 'VmRSS'), hwm: statusMb(status, 'VmHWM'), children, ffmpeg };
}

function statusMb(status, field) {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) / 1024 : 0;
}

/** Resets VmHWM to the current RSS (Linux 4.0+), so the peak read later is the job's alone. */
function resetPeak(pid) {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // older kernels: VmHWM then includes the boot
  }
}

// ---- shared ------------------------------------------------------------------------------------

async function startService({ credits, env }) {
  const service = await startBuiltService({
    credits,
    logs: args.keepLogs,
    env: {
      ...env,
      ...(args.engine === 'bull'
        ? {
            QUARRY_REDIS_URL: redisUrl,
            QUARRY_REDIS_PREFIX: `quarry-bench-${randomBytes(4).toString('hex')}`,
          }
        : {}),
    },
  });
  return { ...service, close: closing(() => service.stop()) };
}

/** Registers `close` to run at exit and returns it, to be called earlier instead (it runs once). */
function closing(close) {
  const once = () => {
    const index = cleanups.indexOf(once);
    if (index !== -1) cleanups.splice(index, 1);
    return close();
  };
  cleanups.unshift(once);
  return once;
}

async function getJob(service, jobId) {
  const response = await fetch(`${service.base}/v1/api/video/jobs/${jobId}`, {
    headers: { authorization: `Bearer ${service.apiKey}` },
  });
  if (response.status !== 200) throw new Error(`GET job ${jobId} answered ${response.status}`);
  return response.json();
}

/** CPU milliseconds of `pid` and its reaped children (utime + stime + cutime + cstime). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * (1000 / 100);
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function loadText() {
  return loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
}

function printCaptionTable(rows) {
  process.stdout.write(
    `\nCaption jobs, all submitted at once, done when the callback arrives (${args.engine} queue)\n` +
      '| run | jobs | completed | jobs/min | p50 ms | p95 ms | service CPU ms/job | load 1 min (start → end) |\n' +
      '|:--|--:|--:|--:|--:|--:|--:|:--|\n',
  );
  for (const r of rows)
    process.stdout.write(
      `| ${r.run} | ${r.jobs} | ${r.completed} | ${r.perMinute.toFixed(0)} | ${r.p50.toFixed(0)} | ` +
        `${r.p95.toFixed(0)} | ${r.cpuPerJob.toFixed(1)} | ${r.load} |\n`,
    );
}

function printMemoryTable(rows) {
  const mb = (n) => n.toFixed(0);
  process.stdout.write(
    `\nSpeech-to-text of one Instagram reel (RSS in MB, sampled every ${SAMPLE_MS} ms)\n` +
      '| track | media MB | wall s | chunks uploaded | audio s | segments | credits | service RSS before | peak | VmHWM | after | process tree peak | ffmpeg peak |\n' +
      '|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n',
  );
  for (const r of rows)
    process.stdout.write(
      `| ${r.minutes} min | ${r.mediaMb.toFixed(1)} | ${r.wallS.toFixed(0)} | ${r.chunks} | ${r.audioS.toFixed(1)} | ` +
        `${r.segments} | ${r.credits} | ${mb(r.before)} | ${mb(r.peak)} | ${mb(r.hwm)} | ${mb(r.after)} | ` +
        `${mb(r.tree)} | ${mb(r.ffmpeg)} |\n`,
    );
}

function parseArgs(argv) {
  const parsed = {
    jobs: 200,
    cached: 20,
    engine: 'embedded',
    shortMinutes: 10,
    longMinutes: 120,
    only: undefined,
    keepLogs: false,
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const number = () => {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) fail(`${arg} needs a positive integer`);
      return value;
    };
    const choice = (...allowed) => {
      const value = argv[++i];
      if (!allowed.includes(value)) fail(`${arg} is one of ${allowed.join(', ')}`);
      return value;
    };
    if (arg === '--jobs') parsed.jobs = number();
    else if (arg === '--cached') parsed.cached = number();
    else if (arg === '--engine') parsed.engine = choice('embedded', 'bull');
    else if (arg === '--short-minutes') parsed.shortMinutes = number();
    else if (arg === '--long-minutes') parsed.longMinutes = number();
    else if (arg === '--only') parsed.only = choice('captions', 'memory');
    else if (arg === '--keep-logs') parsed.keepLogs = true;
    else fail(`unknown argument ${arg}`);
  }
  if (parsed.cached > parsed.jobs) fail('--cached cannot exceed --jobs');
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

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
