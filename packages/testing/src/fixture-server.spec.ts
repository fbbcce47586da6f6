import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { closedPort, html, redirect, startFixtureServer } from './fixture-server';
import { mappedLookup } from './mapped-lookup';

function httpsGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    httpsRequest(url, { rejectUnauthorized: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

/** Sends a WebSocket handshake and returns the status line of the answer ('' when cut). */
function handshake(port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () =>
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      ),
    );
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(received.split('\r\n')[0]));
  });
}

describe('startFixtureServer', () => {
  it('answers fixed, computed and raw routes, 404s the rest, and counts requests and connections', async () => {
    const server = await startFixtureServer({
      '/page': html('<p>page</p>'),
      '/moved': redirect('/page', 301),
      '/echo': (_request, body) => ({ status: 201, body: body.toString().toUpperCase() }),
      '/raw': { handle: (_request, response) => response.writeHead(202).end('raw') },
    });
    try {
      const page = await fetch(server.url('/page?x=1'));
      expect([page.status, page.headers.get('content-type'), await page.text()]).toEqual([
        200,
        'text/html; charset=utf-8',
        '<p>page</p>',
      ]);
      const moved = await fetch(server.url('/moved'), { redirect: 'manual' });
      expect([moved.status, moved.headers.get('location')]).toEqual([301, '/page']);
      const echo = await fetch(`${server.origin}/echo`, { method: 'POST', body: 'hello' });
      expect([echo.status, await echo.text()]).toEqual([201, 'HELLO']);
      const raw = await fetch(server.url('/raw'));
      expect([raw.status, await raw.text()]).toEqual([202, 'raw']);
      expect((await fetch(server.url('/nowhere'))).status).toBe(404);

      expect(server.hits('/page')).toBe(1);
      expect(server.hits()).toBe(5);
      expect(server.requests).toBe(5);
      expect(server.connections).toBeGreaterThanOrEqual(1);
      expect(server.hostPort).toBe(`127.0.0.1:${server.port}`);
    } finally {
      await server.close();
    }
  });

  it('hands every request to a listener given instead of routes, and lets routes be added later', async () => {
    const server = await startFixtureServer((_request, response) => response.end('any'));
    try {
      server.route('/later', { body: 'later' });
      expect(await (await fetch(server.url('/x/y'))).text()).toBe('any');
      expect(await (await fetch(server.url('/later'))).text()).toBe('later');
    } finally {
      await server.close();
    }
  });

  it('listens dual-stack as a canary and counts the TCP connections that reach it', async () => {
    const canary = await startFixtureServer({ '*': { body: 'canary' } }, { host: '::' });
    try {
      expect(await (await fetch(`http://[::1]:${canary.port}/a`)).text()).toBe('canary');
      await new Promise<void>((resolve) => {
        const socket = connect(canary.port, '127.0.0.1', () => socket.end());
        socket.on('close', () => resolve());
      });
      expect(canary.connections).toBe(2);
      expect(canary.requests).toBe(1);
    } finally {
      await canary.close();
    }
  });

  it('serves HTTPS with the self-signed certificate', async () => {
    const secure = await startFixtureServer({ '/': { body: 'secure' } }, { tls: true });
    try {
      expect(secure.origin).toBe(`https://127.0.0.1:${secure.port}`);
      expect(await httpsGet(secure.url('/'))).toEqual({ status: 200, body: 'secure' });
      expect(secure.connections).toBe(1);
    } finally {
      await secure.close();
    }
  });

  it('completes WebSocket handshakes only when asked, counting each attempt', async () => {
    const plain = await startFixtureServer();
    const sockets = await startFixtureServer({}, { acceptWebSockets: true });
    try {
      expect(await handshake(plain.port, '/ws')).toBe('');
      expect(await handshake(sockets.port, '/ws')).toBe('HTTP/1.1 101 Switching Protocols');
      expect([plain.hits('/ws'), sockets.hits('/ws')]).toEqual([1, 1]);
    } finally {
      await Promise.all([plain.close(), sockets.close()]);
    }
  });
});

describe('closedPort', () => {
  it('returns a port that refuses connections', async () => {
    const port = await closedPort();
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });
});

describe('mappedLookup', () => {
  it('resolves listed names, fails unknown ones like DNS, or asks the fallback', async () => {
    const lookup = mappedLookup({ 'a.test': ['127.0.0.1', '::1'], 'none.test': [] });
    await expect(lookup('a.test')).resolves.toEqual([
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ]);
    await expect(lookup('none.test')).resolves.toEqual([]);
    await expect(lookup('other.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    const withFallback = mappedLookup({}, async () => [{ address: '10.0.0.1', family: 4 }]);
    await expect(withFallback('other.test')).resolves.toEqual([{ address: '10.0.0.1', family: 4 }]);
  });
});
