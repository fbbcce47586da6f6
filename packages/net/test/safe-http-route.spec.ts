import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFixtureServer, type FixtureServer } from '@quarry/testing';
import { PublicUrlPolicy, SafeHttpClient, type HopRoute } from '../src';

let standIn: FixtureServer;
let unlisted: FixtureServer;
let client: SafeHttpClient;
const seen: { path?: string; host?: string; cookie?: string }[] = [];

/** Sends every hop to `service.example` to the stand-in, keeping path and query. */
const route: HopRoute = (url) =>
  url.hostname.endsWith('service.example') ? new URL(`${url.pathname}${url.search}`, standIn.origin) : url;

beforeAll(async () => {
  unlisted = await startFixtureServer((_req, res) => res.end('unlisted'));
  standIn = await startFixtureServer((req, res) => {
    seen.push({ path: req.url, host: req.headers.host, cookie: req.headers.cookie });
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/short':
        return res.writeHead(301, { location: 'https://www.service.example/watch?v=1' }).end();
      case '/cdn':
        return res.writeHead(302, { location: 'https://cdn.service.example/file.bin' }).end();
      case '/away':
        return res.writeHead(302, { location: unlisted.url('/') }).end();
      default:
        return res.end(`served ${req.url}`);
    }
  });
  client = new SafeHttpClient(new PublicUrlPolicy({ allowHosts: [standIn.hostPort] }));
});

afterAll(async () => {
  await client.close();
  await Promise.all([standIn.close(), unlisted.close()]);
});

beforeEach(() => (seen.length = 0));

describe('SafeHttpClient route', () => {
  it('sends the request to the routed origin with the same path and query', async () => {
    const response = await client.request('https://www.service.example/watch?v=1&t=2', { route });
    expect(response.text()).toBe('served /watch?v=1&t=2');
    expect(response.finalUrl).toBe('https://www.service.example/watch?v=1&t=2');
    expect(seen[0].host).toBe(standIn.hostPort);
  });

  it('routes each redirect hop and reports the unmapped final URL', async () => {
    const response = await client.request('https://vm.service.example/short', { route });
    expect(response.finalUrl).toBe('https://www.service.example/watch?v=1');
    expect(seen.map((request) => request.path)).toEqual(['/short', '/watch?v=1']);
  });

  it('keeps the credential rules in terms of the unmapped origins', async () => {
    await client.request('https://www.service.example/cdn', { route, headers: { cookie: 'a=b' } });
    expect(seen.map((request) => request.cookie)).toEqual(['a=b', undefined]);
  });

  it('still refuses a redirect out of the policy', async () => {
    await expect(client.request('https://www.service.example/away', { route })).rejects.toMatchObject({
      code: 'BLOCKED',
    });
    expect(unlisted.connections).toBe(0);
  });

  it('judges the routed URL, not the unmapped one', async () => {
    const toUnlisted: HopRoute = () => new URL(unlisted.url('/'));
    await expect(client.request('https://www.service.example/', { route: toUnlisted })).rejects.toMatchObject(
      {
        code: 'BLOCKED',
      },
    );
    expect(unlisted.connections).toBe(0);
  });

  it('routes downloads too', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quarry-route-'));
    const file = join(dir, 'file.bin');
    try {
      const download = await client.download('https://www.service.example/cdn', file, { route });
      expect(download.finalUrl).toBe('https://cdn.service.example/file.bin');
      expect(readFileSync(file, 'utf8')).toBe('served /file.bin');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
