import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { PublicUrlPolicy, type HostLookup } from '@quarry/net';
import { closedPort, mappedLookup, startFixtureServer, type FixtureServer } from '@quarry/testing';
import { CheckingProxy } from '../src/proxy/checking.proxy';
import { REFUSAL_HEADER } from '../src/proxy/proxy.journal';

let origin: FixtureServer;
let canary: FixtureServer;
let refusedPort: number;

beforeAll(async () => {
  origin = await startFixtureServer({
    '/plain': { handle: (_req, res) => res.writeHead(201).end('plain') },
    '/echo': {
      handle: (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () =>
          res
            .writeHead(201, {
              'content-type': 'application/json',
              connection: 'keep-alive, x-hop',
              'x-hop': 'secret',
              'x-origin': 'yes',
            })
            .end(
              JSON.stringify({
                method: req.method,
                url: req.url,
                host: req.headers.host,
                body: Buffer.concat(chunks).toString(),
                proxyAuth: req.headers['proxy-authorization'] ?? null,
              }),
            ),
        );
      },
    },
  });
  canary = await startFixtureServer((_req, res) => res.end('canary'), { host: '::' });
  refusedPort = await closedPort();
});
afterAll(() => Promise.all([origin.close(), canary.close()]));

async function startProxy(lookup: HostLookup = mappedLookup({ 'rebind.test': ['127.0.0.1'] })) {
  const policy = new PublicUrlPolicy({
    allowHosts: [`127.0.0.1:${origin.port}`, `origin.test:${origin.port}`, `127.0.0.1:${refusedPort}`],
    lookup: async (hostname) =>
      hostname === 'origin.test' ? [{ address: '127.0.0.1', family: 4 }] : lookup(hostname),
  });
  const proxy = new CheckingProxy(policy, { connectTimeoutMs: 300 });
  await proxy.listen();
  return proxy;
}

/** Sends a CONNECT and returns the proxy's status line and headers. */
function tunnel(
  proxy: CheckingProxy,
  authority: string,
): Promise<{ head: string; socket: import('node:net').Socket }> {
  return new Promise((resolve, reject) => {
    const socket = connect(proxy.port, '127.0.0.1', () =>
      socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`),
    );
    let received = '';
    socket.on('error', reject);
    socket.on('data', function onData(chunk: Buffer) {
      received += chunk.toString('latin1');
      if (received.includes('\r\n\r\n')) {
        socket.removeListener('data', onData);
        resolve({ head: received, socket });
      }
    });
  });
}

function viaProxy(proxy: CheckingProxy, url: string, options: { method?: string; body?: string } = {}) {
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: string;
  }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: proxy.port,
        path: url,
        method: options.method ?? 'GET',
        headers: { 'proxy-authorization': 'Basic eDp5', connection: 'keep-alive, x-drop', 'x-drop': '1' },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('CheckingProxy', () => {
  it('forwards absolute-URI requests to an allowed origin without hop-by-hop headers', async () => {
    const proxy = await startProxy();
    const response = await viaProxy(proxy, `http://origin.test:${origin.port}/echo?q=1`, {
      method: 'POST',
      body: 'payload',
    });
    await proxy.close();
    expect(response.status).toBe(201);
    expect(response.headers['x-origin']).toBe('yes');
    expect(response.headers['x-hop']).toBeUndefined();
    expect(JSON.parse(response.body)).toEqual({
      method: 'POST',
      url: '/echo?q=1',
      host: `origin.test:${origin.port}`,
      body: 'payload',
      proxyAuth: null,
    });
  });

  it('tunnels CONNECT to an allowed origin', async () => {
    const proxy = await startProxy();
    const { head, socket } = await tunnel(proxy, `127.0.0.1:${origin.port}`);
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.write(`GET /plain HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    await proxy.close();
    expect(answer).toMatch(/^HTTP\/1\.1 201/);
  });

  const privateTargets = () => [
    `127.0.0.1:${canary.port}`,
    `[::1]:${canary.port}`,
    `[::ffff:127.0.0.1]:${canary.port}`,
    `0x7f000001:${canary.port}`,
    `2130706433:${canary.port}`,
    `rebind.test:${canary.port}`,
    `169.254.169.254:80`,
    `[fe80::1]:${canary.port}`,
  ];

  it('refuses CONNECT to private addresses with 403 without dialling them', async () => {
    const proxy = await startProxy();
    for (const target of privateTargets()) {
      const { head, socket } = await tunnel(proxy, target);
      socket.destroy();
      expect(head).toMatch(/^HTTP\/1\.1 403/);
      expect(head).toContain(`${REFUSAL_HEADER}: ${proxy.journal.token} BLOCKED`);
    }
    expect(proxy.journal.blocked).toBe(privateTargets().length);
    await proxy.close();
    expect(canary.connections).toBe(0);
  });

  it('refuses absolute-URI requests to private addresses with 403 without dialling them', async () => {
    const proxy = await startProxy();
    for (const target of privateTargets()) {
      const response = await viaProxy(proxy, `http://${target}/`);
      expect(response.status).toBe(403);
      expect(proxy.journal.verdictInHeaders(response.headers as Record<string, string>)).toBe('BLOCKED');
    }
    await proxy.close();
    expect(canary.connections).toBe(0);
  });

  it('dials the address it checked: one lookup per connection, no second lookup to rebind', async () => {
    let calls = 0;
    // Public first (unreachable here, so the dial fails), loopback on any later lookup.
    const rebinding: HostLookup = async () => {
      calls += 1;
      return [{ address: calls === 1 ? '192.0.43.10' : '127.0.0.1', family: 4 }];
    };
    const proxy = await startProxy(rebinding);
    const response = await viaProxy(proxy, `http://flip.test:${canary.port}/`);
    const second = await viaProxy(proxy, `http://flip.test:${canary.port}/`);
    await proxy.close();
    expect(calls).toBe(2);
    expect(response.status).toBe(502);
    expect(second.status).toBe(403);
    expect(canary.connections).toBe(0);
  });

  it('reports why a dial failed in Chromium net error names', async () => {
    const proxy = await startProxy();
    const unknown = await viaProxy(proxy, 'http://nowhere.test/');
    const refused = await tunnel(proxy, `127.0.0.1:${refusedPort}`);
    refused.socket.destroy();
    await proxy.close();
    expect(unknown.status).toBe(502);
    expect(proxy.journal.verdictInHeaders(unknown.headers as Record<string, string>)).toBe(
      'ERR_NAME_NOT_RESOLVED',
    );
    expect(refused.head).toMatch(/^HTTP\/1\.1 502/);
    expect(proxy.journal.verdictFor(`https://127.0.0.1:${refusedPort}/`)).toBe('ERR_CONNECTION_REFUSED');
  });

  it('answers 400 to anything that is not a proxy request', async () => {
    const proxy = await startProxy();
    const response = await viaProxy(proxy, '/relative');
    const ftp = await viaProxy(proxy, 'ftp://example.com/');
    await proxy.close();
    expect([response.status, ftp.status]).toEqual([400, 400]);
  });

  it('stops listening when closed while it is still starting', async () => {
    const proxy = new CheckingProxy(new PublicUrlPolicy({}));
    let port = 0;
    const listening = proxy.listen().then(() => (port = proxy.port));
    await proxy.close();
    await listening;
    expect(port).toBeGreaterThan(0);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(false);
      });
      socket.on('error', () => resolve(true));
    });
    expect(refused).toBe(true);
  });

  it('starts a new journal for each job behind it', async () => {
    const proxy = await startProxy();
    const first = proxy.journal;
    await viaProxy(proxy, 'http://nowhere.test/');
    const second = proxy.startJournal();
    await proxy.close();
    expect(first.verdictFor('http://nowhere.test/')).toBe('ERR_NAME_NOT_RESOLVED');
    expect(second).toBe(proxy.journal);
    expect(second.verdictFor('http://nowhere.test/')).toBeUndefined();
    expect(second.token).not.toBe(first.token);
  });
});
