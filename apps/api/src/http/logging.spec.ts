import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger, requestLogging } from './logging';
import { LogLevel } from '../config/app-config';

/** JSON lines written by a logger at `level`, and a server whose requests pass `requestLogging`. */
async function serve(level: LogLevel, status = 200) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const logged = requestLogging(createLogger(level, stream));
  const server: Server = createServer((request, response) =>
    logged(request, response, () => response.writeHead(status).end('ok')),
  );
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { lines, base, close: () => new Promise((done) => server.close(done)) };
}

/** The lines once the response's `close` has been handled. */
const settled = () => new Promise((done) => setTimeout(done, 20));

describe('requestLogging', () => {
  it('answers and logs the caller’s request id, with method, URL, status and time, and no header', async () => {
    const t = await serve('info');
    const response = await fetch(`${t.base}/v1/api/account?x=1`, {
      headers: { 'x-request-id': 'trace-1', authorization: 'Bearer qk_live_secret' },
    });
    await settled();
    await t.close();
    expect(response.headers.get('x-request-id')).toBe('trace-1');
    expect(t.lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request completed',
        req: { id: 'trace-1', method: 'GET', url: '/v1/api/account?x=1' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(t.lines)).not.toContain('qk_live_secret');
  });

  it('gives a request without a usable id a new one', async () => {
    const t = await serve('info');
    const response = await fetch(t.base, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    await settled();
    await t.close();
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.lines[0]).toMatchObject({ req: { id } });
  });

  it('logs a failed response at error level', async () => {
    const t = await serve('info', 503);
    await fetch(t.base);
    await settled();
    await t.close();
    expect(t.lines).toEqual([expect.objectContaining({ level: 50, msg: 'request failed' })]);
  });

  it('does not log health checks, nor any request below info, but still answers an id', async () => {
    const quiet = await serve('warn');
    const response = await fetch(quiet.base);
    const health = await serve('info');
    await fetch(`${health.base}/health`);
    await settled();
    await Promise.all([quiet.close(), health.close()]);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    expect([...quiet.lines, ...health.lines]).toEqual([]);
  });
});
