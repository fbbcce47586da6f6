import { connect, type Socket } from 'node:net';
import { startTestApp, TestApp } from './support/test-app';

interface HeldConnection {
  socket: Socket;
  /** Resolves when the server has closed the connection. */
  closed: Promise<void>;
}

/** Opens `count` connections that send part of a request's headers (or nothing at all) and then wait. */
async function holdConnections(url: string, count: number): Promise<HeldConnection[]> {
  const { hostname, port } = new URL(url);
  return Promise.all(
    Array.from(
      { length: count },
      (_, i) =>
        new Promise<HeldConnection>((resolve, reject) => {
          const socket = connect(Number(port), hostname);
          const closed = new Promise<void>((done) => socket.once('close', () => done()));
          socket.once('connect', () => {
            if (i % 2) socket.write('GET /health HTTP/1.1\r\nHost: x\r\n');
            resolve({ socket, closed });
          });
          socket.once('error', reject);
        }),
    ),
  );
}

describe('connections held by slow or idle clients', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      QUARRY_HTTP_HEADERS_TIMEOUT_MS: '1000',
      QUARRY_HTTP_REQUEST_TIMEOUT_MS: '2000',
    });
  });
  afterAll(() => t.close());

  it('do not stop others being served, and are closed once their headers are late', async () => {
    const held = await holdConnections(t.url, 200);
    const health = await fetch(`${t.url}/health`);
    expect(health.status).toBe(200);
    // Within the headers timeout plus the server's one-second check; the test timeout bounds it.
    await Promise.all(held.map((connection) => connection.closed));
  });

  it('closes an idle keep-alive connection after the keep-alive timeout', async () => {
    const [{ socket, closed }] = await holdConnections(t.url, 1);
    socket.write('GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
  });
});
