import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { encode } from 'iconv-lite';
import { mappedLookup, startFixtureServer, type FixtureServer } from '@quarry/testing';
import { NetError, PublicUrlPolicy, SafeHttpClient } from '../src';
import { DEFAULT_USER_AGENT } from '../src/http/safe-http.client';
import { systemLookup } from '../src/policy/host.lookup';

const MiB = 1024 * 1024;
let origin: FixtureServer;
let other: FixtureServer;
let unlisted: FixtureServer;
let secure: FixtureServer;
let client: SafeHttpClient;
const resetOnce = new Set<string>();
const seen: { method?: string; url?: string; headers: Record<string, unknown>; body: string }[] = [];

function send(
  res: import('node:http').ServerResponse,
  headers: Record<string, string | number>,
  body: Buffer | string,
) {
  res.writeHead(200, headers).end(body);
}

beforeAll(async () => {
  origin = await startFixtureServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
      if (hops && Number(hops[1]) > 0)
        return res.writeHead(302, { location: `${Number(hops[1]) - 1}` }).end();
      switch (url.pathname) {
        case '/reset-once':
          if (!resetOnce.has(url.search)) {
            resetOnce.add(url.search);
            return req.socket.destroy();
          }
          return send(res, { 'content-type': 'text/plain' }, 'second try');
        case '/redirect':
          return res
            .writeHead(Number(url.searchParams.get('status')), {
              location: url.searchParams.get('to') ?? '/',
            })
            .end();
        case '/echo':
          return send(res, { 'content-type': 'application/json' }, JSON.stringify(seen.at(-1)));
        case '/big':
          return send(res, { 'content-type': 'text/plain' }, Buffer.alloc(2 * MiB, 'a'));
        case '/exact':
          return send(res, { 'content-type': 'text/plain' }, Buffer.alloc(MiB, 'a'));
        case '/endless': {
          res.writeHead(200, { 'content-type': 'text/plain' });
          const pump = () => {
            while (res.write(Buffer.alloc(64 * 1024, 'b')));
          };
          res.on('drain', pump);
          return pump();
        }
        case '/bomb':
          return send(res, { 'content-encoding': 'gzip' }, gzipSync(Buffer.alloc(20 * MiB)));
        case '/slow-headers':
          return setTimeout(() => res.end('late'), 3000).unref();
        case '/slow-body':
          res.writeHead(200, { 'content-type': 'text/plain' });
          return res.write('first chunk, then nothing');
        case '/reset':
          return req.socket.destroy();
        case '/gzip':
          return send(
            res,
            { 'content-type': 'text/plain', 'content-encoding': 'gzip' },
            gzipSync('zipped text'),
          );
        case '/deflate':
          return send(
            res,
            { 'content-type': 'text/plain', 'content-encoding': 'deflate' },
            deflateSync('deflated text'),
          );
        case '/br':
          return send(
            res,
            { 'content-type': 'text/plain', 'content-encoding': 'br' },
            brotliCompressSync('brotli text'),
          );
        case '/empty-gzip':
          return res.writeHead(204, { 'content-encoding': 'gzip' }).end();
        case '/cp1252-header':
          return send(
            res,
            { 'content-type': 'text/html; charset=windows-1252' },
            encode('“Café” costs 5 €', 'windows-1252'),
          );
        case '/latin1-label':
          return send(
            res,
            { 'content-type': 'text/plain; charset="ISO-8859-1"' },
            encode('naïve – 10 €', 'windows-1252'),
          );
        case '/cp1252-meta':
          return send(
            res,
            { 'content-type': 'text/html' },
            encode('<html><head><meta charset="windows-1252"><title>Café €</title>', 'windows-1252'),
          );
        case '/cp1252-http-equiv':
          return send(
            res,
            { 'content-type': 'text/html' },
            encode(
              '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>Crème brûlée</p>',
              'windows-1252',
            ),
          );
        case '/utf8-bom':
          return send(
            res,
            { 'content-type': 'text/html' },
            Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Grüße ✓')]),
          );
        case '/utf16-bom':
          return send(
            res,
            { 'content-type': 'text/plain' },
            Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße', 'utf16le')]),
          );
        case '/no-charset':
          return send(res, { 'content-type': 'text/plain' }, 'Grüße ✓');
        default:
          return send(
            res,
            { 'content-type': 'text/plain; charset=utf-8', 'x-multi': ['a', 'b'].join(', ') },
            'hello',
          );
      }
    });
  });
  other = await startFixtureServer((req, res) => {
    seen.push({ method: req.method, url: req.url, headers: req.headers, body: '' });
    res.end('other');
  });
  unlisted = await startFixtureServer((_req, res) => res.end('unlisted'));
  secure = await startFixtureServer((_req, res) => res.end('secure'), { tls: true });
  const policy = new PublicUrlPolicy({
    allowHosts: [
      `127.0.0.1:${origin.port}`,
      `other.test:${other.port}`,
      `127.0.0.1:${secure.port}`,
      `127.0.0.1:1`,
    ],
    lookup: mappedLookup({ 'other.test': ['127.0.0.1'], 'nowhere.test': [] }, systemLookup),
  });
  client = new SafeHttpClient(policy, { defaultTimeoutMs: 5000 });
});

afterAll(async () => {
  await client.close();
  await Promise.all([origin, other, unlisted, secure].map((server) => server.close()));
});

beforeEach(() => (seen.length = 0));

describe('SafeHttpClient', () => {
  it('fetches an allow-listed origin and reports url, finalUrl, status, headers and content type', async () => {
    const response = await client.request(origin.url('/hello?x=1'));
    expect(response).toMatchObject({
      url: origin.url('/hello?x=1'),
      finalUrl: origin.url('/hello?x=1'),
      status: 200,
    });
    expect(response.contentType).toBe('text/plain');
    expect(response.headers.get('x-multi')).toBe('a, b');
    expect(response.text()).toBe('hello');
    expect(seen[0].headers).toMatchObject({
      'user-agent': DEFAULT_USER_AGENT,
      'accept-encoding': 'gzip, deflate, br',
    });
  });

  it('lets request headers override the defaults', async () => {
    await client.request(origin.url('/'), { headers: { 'User-Agent': 'Custom/1.0', 'X-Extra': 'yes' } });
    expect(seen[0].headers).toMatchObject({ 'user-agent': 'Custom/1.0', 'x-extra': 'yes' });
  });

  it('uses the configured User-Agent', async () => {
    const custom = new SafeHttpClient(new PublicUrlPolicy({ allowHosts: [`127.0.0.1:${origin.port}`] }), {
      userAgent: 'Bot/2',
    });
    await custom.request(origin.url('/'));
    await custom.close();
    expect(seen[0].headers['user-agent']).toBe('Bot/2');
  });

  describe('allow-list', () => {
    it('lets exactly the listed host:port through', async () => {
      await expect(client.request(`http://other.test:${other.port}/`)).resolves.toMatchObject({
        status: 200,
      });
    });

    it('blocks the same host on a port that is not listed', async () => {
      await expect(client.request(unlisted.url('/'))).rejects.toMatchObject({ code: 'BLOCKED' });
      expect(unlisted.connections).toBe(0);
    });

    it('blocks a listed port under another spelling of the host', async () => {
      await expect(client.request(`http://localhost:${origin.port}/`)).rejects.toMatchObject({
        code: 'BLOCKED',
      });
      await expect(client.request(`http://127.0.0.1:${other.port}/`)).rejects.toMatchObject({
        code: 'BLOCKED',
      });
    });
  });

  describe('redirects', () => {
    it('follows 10 redirects with relative Locations', async () => {
      const response = await client.request(origin.url('/hops/10'));
      expect(response.finalUrl).toBe(origin.url('/hops/0'));
      expect(seen).toHaveLength(11);
    });

    it('fails with TOO_MANY_REDIRECTS on the 11th', async () => {
      await expect(client.request(origin.url('/hops/11'))).rejects.toMatchObject({
        code: 'TOO_MANY_REDIRECTS',
      });
      expect(seen).toHaveLength(11);
    });

    it('honours a lower maxRedirects', async () => {
      await expect(client.request(origin.url('/hops/3'), { maxRedirects: 2 })).rejects.toMatchObject({
        code: 'TOO_MANY_REDIRECTS',
      });
    });

    it('returns the 3xx itself with maxRedirects 0', async () => {
      const response = await client.request(origin.url('/hops/1'), { maxRedirects: 0 });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('0');
      expect(seen).toHaveLength(1);
    });

    it('turns a POST into a GET without a body on 303', async () => {
      const response = await client.request(origin.url('/redirect?status=303&to=/echo'), {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'payload',
      });
      expect(JSON.parse(response.text())).toMatchObject({ method: 'GET', body: '' });
      expect(seen[1].headers['content-type']).toBeUndefined();
    });

    it('repeats method and body on 307', async () => {
      const response = await client.request(origin.url('/redirect?status=307&to=/echo'), {
        method: 'PUT',
        body: 'payload',
      });
      expect(JSON.parse(response.text())).toMatchObject({ method: 'PUT', body: 'payload' });
    });

    it('drops credentials when a redirect leaves the origin', async () => {
      const to = encodeURIComponent(`http://other.test:${other.port}/landing`);
      const response = await client.request(origin.url(`/redirect?status=302&to=${to}`), {
        headers: { authorization: 'Bearer secret', cookie: 'a=b' },
      });
      expect(response.finalUrl).toBe(`http://other.test:${other.port}/landing`);
      expect(seen[0].headers.authorization).toBe('Bearer secret');
      expect(seen[1].headers).not.toHaveProperty('authorization');
      expect(seen[1].headers).not.toHaveProperty('cookie');
    });

    it('fails a redirect to a host that is not allow-listed as blocked', async () => {
      const to = encodeURIComponent(unlisted.url('/'));
      await expect(client.request(origin.url(`/redirect?status=302&to=${to}`))).rejects.toMatchObject({
        code: 'BLOCKED',
        message: expect.stringContaining('was blocked'),
      });
      expect(unlisted.connections).toBe(0);
    });
  });

  describe('body cap', () => {
    it('fails with TOO_LARGE past maxBytes', async () => {
      await expect(client.request(origin.url('/big'), { maxBytes: MiB })).rejects.toMatchObject({
        code: 'TOO_LARGE',
      });
    });

    it('accepts a body of exactly maxBytes', async () => {
      const response = await client.request(origin.url('/exact'), { maxBytes: MiB });
      expect(response.body).toHaveLength(MiB);
    });

    it('aborts an endless body instead of buffering it', async () => {
      await expect(client.request(origin.url('/endless'), { maxBytes: MiB })).rejects.toMatchObject({
        code: 'TOO_LARGE',
      });
    });

    it('counts decompressed bytes, so a gzip bomb stops at the cap', async () => {
      await expect(client.request(origin.url('/bomb'), { maxBytes: MiB })).rejects.toMatchObject({
        code: 'TOO_LARGE',
      });
    });

    it('defaults to the client cap', async () => {
      const small = new SafeHttpClient(new PublicUrlPolicy({ allowHosts: [`127.0.0.1:${origin.port}`] }), {
        maxBodyBytes: MiB,
      });
      await expect(small.request(origin.url('/big'))).rejects.toMatchObject({ code: 'TOO_LARGE' });
      await small.close();
    });
  });

  describe('a connection reset by the origin', () => {
    it('sends a GET once more, on a new connection', async () => {
      const response = await client.request(origin.url('/reset-once?get'));
      expect(response.text()).toBe('second try');
    });

    it('does not send a POST twice', async () => {
      await expect(
        client.request(origin.url('/reset-once?post'), { method: 'POST', body: 'x' }),
      ).rejects.toMatchObject({ name: 'NetError' });
    });
  });

  describe('deadline', () => {
    it('fails with TIMEOUT when headers are late', async () => {
      await expect(client.request(origin.url('/slow-headers'), { timeoutMs: 300 })).rejects.toMatchObject({
        code: 'TIMEOUT',
      });
    });

    it('fails with TIMEOUT when the body stalls', async () => {
      await expect(client.request(origin.url('/slow-body'), { timeoutMs: 300 })).rejects.toMatchObject({
        code: 'TIMEOUT',
      });
    });

    it('accepts a fractional budget', async () => {
      await expect(client.request(origin.url('/slow-headers'), { timeoutMs: 0.5 })).rejects.toMatchObject({
        code: 'TIMEOUT',
      });
    });

    it('rejects with the caller signal reason when the caller aborts', async () => {
      const reason = new Error('caller gave up');
      const request = client.request(origin.url('/slow-headers'), { signal: AbortSignal.timeout(100) });
      await expect(request).rejects.toMatchObject({ name: 'TimeoutError' });
      const controller = new AbortController();
      const aborted = client.request(origin.url('/slow-headers'), { signal: controller.signal });
      controller.abort(reason);
      await expect(aborted).rejects.toBe(reason);
    });
  });

  describe('decoding', () => {
    it.each([
      ['/gzip', 'zipped text'],
      ['/deflate', 'deflated text'],
      ['/br', 'brotli text'],
    ])('undoes the content encoding of %s', async (path, text) => {
      expect((await client.request(origin.url(path))).text()).toBe(text);
    });

    it('answers HEAD without a body', async () => {
      const response = await client.request(origin.url('/gzip'), { method: 'HEAD' });
      expect(response).toMatchObject({ status: 200, contentType: 'text/plain' });
      expect(response.body).toHaveLength(0);
    });

    it('accepts an empty compressed body', async () => {
      const response = await client.request(origin.url('/empty-gzip'));
      expect(response.status).toBe(204);
      expect(response.body).toHaveLength(0);
    });

    it.each([
      ['windows-1252 from the Content-Type header', '/cp1252-header', '“Café” costs 5 €'],
      ['ISO-8859-1 read as windows-1252, like browsers', '/latin1-label', 'naïve – 10 €'],
      [
        'windows-1252 from <meta charset>',
        '/cp1252-meta',
        '<html><head><meta charset="windows-1252"><title>Café €</title>',
      ],
      [
        'windows-1252 from <meta http-equiv>',
        '/cp1252-http-equiv',
        '<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>Crème brûlée</p>',
      ],
      ['UTF-8 from a BOM, which is stripped', '/utf8-bom', 'Grüße ✓'],
      ['UTF-16LE from a BOM', '/utf16-bom', 'Grüße'],
      ['UTF-8 by default', '/no-charset', 'Grüße ✓'],
    ])('decodes %s', async (_name, path, text) => {
      expect((await client.request(origin.url(path))).text()).toBe(text);
    });
  });

  it('POSTs a JSON body without following redirects (webhook delivery)', async () => {
    const payload = { type: 'monitor.changed', id: 'é✓' };
    const response = await client.request(origin.url('/echo'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' },
      body: JSON.stringify(payload),
      maxRedirects: 0,
      timeoutMs: 10_000,
    });
    const echoed = JSON.parse(response.text());
    expect(echoed).toMatchObject({ method: 'POST', body: JSON.stringify(payload) });
    expect(echoed.headers).toMatchObject({ 'content-type': 'application/json', 'webhook-id': 'msg_1' });
    expect(response.contentType).toBe('application/json');
  });

  describe('failures', () => {
    it('reports a host that does not resolve as HOST_NOT_FOUND', async () => {
      await expect(client.request('http://nowhere.test/')).rejects.toMatchObject({ code: 'HOST_NOT_FOUND' });
      await expect(client.request('http://quarry-does-not-exist.invalid/')).rejects.toMatchObject({
        code: 'HOST_NOT_FOUND',
      });
    });

    it('reports a refused connection as CONNECTION_FAILED', async () => {
      await expect(client.request('http://127.0.0.1:1/')).rejects.toMatchObject({
        code: 'CONNECTION_FAILED',
      });
    });

    it('reports a reset connection as CONNECTION_FAILED', async () => {
      await expect(client.request(origin.url('/reset'))).rejects.toMatchObject({ code: 'CONNECTION_FAILED' });
    });

    it('reports an untrusted certificate as TLS_FAILED', async () => {
      await expect(client.request(secure.url('/'))).rejects.toMatchObject({ code: 'TLS_FAILED' });
    });

    it('reports a malformed URL as INVALID_URL', async () => {
      const error = await client.request('http://').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NetError);
      expect(error).toMatchObject({ code: 'INVALID_URL', url: 'http://' });
    });
  });
});
