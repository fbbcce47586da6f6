import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { eventually, startFixtureServer, type FixtureServer } from '@quarry/testing';
import { PublicUrlPolicy, SafeHttpClient } from '../src';

const KiB = 1024;
const MiB = 1024 * KiB;
let origin: FixtureServer;
let unlisted: FixtureServer;
let client: SafeHttpClient;
let dir: string;
let file: string;
let fileCount = 0;

/** Sends `count` chunks of `size` bytes, `gapMs` apart, then ends. */
function trickle(res: ServerResponse, count: number, size: number, gapMs: number) {
  res.writeHead(200, { 'content-type': 'application/octet-stream' });
  let sent = 0;
  const next = () => {
    if (res.destroyed) return;
    if (sent === count) return void res.end();
    sent += 1;
    res.write(Buffer.alloc(size, 'm'));
    setTimeout(next, gapMs);
  };
  next();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'quarry-download-'));
  unlisted = await startFixtureServer((_req, res) => res.end('unlisted'));
  origin = await startFixtureServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/media':
        return res.writeHead(200, { 'content-type': 'video/mp4' }).end(Buffer.alloc(2 * MiB, 'v'));
      case '/halves': {
        // The second half is sent only once the first is on disk: the body is streamed, not buffered.
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(2 * MiB) });
        res.write(Buffer.alloc(MiB, 'a'));
        const target = url.searchParams.get('file') ?? '';
        return void eventually(() => existsSync(target) && statSync(target).size >= MiB, 10_000).then(
          () => res.end(Buffer.alloc(MiB, 'b')),
          () => res.destroy(),
        );
      }
      case '/gzip':
        return res
          .writeHead(200, { 'content-type': 'text/vtt', 'content-encoding': 'gzip' })
          .end(gzipSync('WEBVTT\n\n00:00.000 --> 00:01.000\nhello\n'));
      case '/trickle':
        return trickle(res, 30, 16 * KiB, 50);
      case '/stall':
        res.writeHead(200, { 'content-type': 'video/mp4' });
        return void res.write(Buffer.alloc(64 * KiB, 's'));
      case '/silent':
        return;
      case '/endless': {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        const pump = () => {
          while (!res.destroyed && res.write(Buffer.alloc(64 * KiB, 'e')));
        };
        res.on('drain', pump);
        return pump();
      }
      case '/moved':
        return res.writeHead(302, { location: '/media' }).end();
      case '/leave':
        return res.writeHead(302, { location: unlisted.url('/') }).end();
      case '/forbidden':
        return res.writeHead(403, { 'content-type': 'text/plain' }).end('expired signature');
      case '/echo-headers':
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(req.headers));
      default:
        return res.writeHead(404).end();
    }
  });
  client = new SafeHttpClient(new PublicUrlPolicy({ allowHosts: [origin.hostPort] }), {
    defaultTimeoutMs: 5000,
  });
});

afterAll(async () => {
  await client.close();
  await Promise.all([origin.close(), unlisted.close()]);
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  fileCount += 1;
  file = join(dir, `media-${fileCount}.mp4`);
});

describe('SafeHttpClient.download', () => {
  it('writes the body to the file and reports the bytes written', async () => {
    const download = await client.download(origin.url('/media'), file);
    expect(download).toMatchObject({ status: 200, bytes: 2 * MiB, finalUrl: origin.url('/media') });
    expect(download.headers.get('content-type')).toBe('video/mp4');
    expect(readFileSync(file).equals(Buffer.alloc(2 * MiB, 'v'))).toBe(true);
  });

  it('writes the body to disk as it arrives instead of holding it in memory', async () => {
    const download = await client.download(origin.url(`/halves?file=${encodeURIComponent(file)}`), file);
    expect(download.bytes).toBe(2 * MiB);
    const written = readFileSync(file);
    expect(written.subarray(0, MiB).equals(Buffer.alloc(MiB, 'a'))).toBe(true);
    expect(written.subarray(MiB).equals(Buffer.alloc(MiB, 'b'))).toBe(true);
  });

  it('undoes the content encoding', async () => {
    await client.download(origin.url('/gzip'), file);
    expect(readFileSync(file, 'utf8')).toContain('hello');
  });

  it('sends the given headers with the defaults', async () => {
    await client.download(origin.url('/echo-headers'), file, { headers: { Cookie: 'tt_chain_token=abc' } });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      cookie: 'tt_chain_token=abc',
      'accept-encoding': 'gzip, deflate, br',
    });
  });

  it('follows redirects and reports the final URL', async () => {
    const download = await client.download(origin.url('/moved'), file);
    expect(download).toMatchObject({ status: 200, bytes: 2 * MiB, finalUrl: origin.url('/media') });
  });

  it('refuses a redirect out of the policy without connecting, and writes nothing', async () => {
    await expect(client.download(origin.url('/leave'), file)).rejects.toMatchObject({
      code: 'BLOCKED',
      message: expect.stringContaining('was blocked'),
    });
    expect(unlisted.connections).toBe(0);
    expect(existsSync(file)).toBe(false);
  });

  it('returns another status without writing the file', async () => {
    writeFileSync(file, 'left as it was');
    const download = await client.download(origin.url('/forbidden'), file);
    expect(download).toMatchObject({ status: 403, bytes: 0 });
    expect(readFileSync(file, 'utf8')).toBe('left as it was');
  });

  it('fails with TOO_LARGE past maxBytes and leaves no partial file', async () => {
    await expect(client.download(origin.url('/endless'), file, { maxBytes: MiB })).rejects.toMatchObject({
      code: 'TOO_LARGE',
    });
    expect(existsSync(file)).toBe(false);
  });

  it('defaults the cap to the client body cap', async () => {
    const small = new SafeHttpClient(new PublicUrlPolicy({ allowHosts: [origin.hostPort] }), {
      maxBodyBytes: MiB,
    });
    await expect(small.download(origin.url('/media'), file)).rejects.toMatchObject({ code: 'TOO_LARGE' });
    await small.close();
  });

  it('keeps a long body that keeps arriving, however long it takes in all', async () => {
    // 30 pieces 50 ms apart: well over the idle timeout in all, never idle for that long.
    const download = await client.download(origin.url('/trickle'), file, { idleTimeoutMs: 1000 });
    expect(download.bytes).toBe(30 * 16 * KiB);
  });

  it('fails with TIMEOUT when the body stalls, leaving no partial file', async () => {
    await expect(client.download(origin.url('/stall'), file, { idleTimeoutMs: 300 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(existsSync(file)).toBe(false);
  });

  it('fails with TIMEOUT when no headers come', async () => {
    await expect(client.download(origin.url('/silent'), file, { idleTimeoutMs: 300 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
  });

  it('rejects with the caller signal reason and leaves no partial file', async () => {
    const controller = new AbortController();
    const reason = new Error('job cancelled');
    const download = client.download(origin.url('/stall'), file, { signal: controller.signal });
    await eventually(() => existsSync(file));
    controller.abort(reason);
    await expect(download).rejects.toBe(reason);
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a URL outside the policy without connecting', async () => {
    await expect(client.download(unlisted.url('/'), file)).rejects.toMatchObject({ code: 'BLOCKED' });
    expect(unlisted.connections).toBe(0);
  });
});
