import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { readJsonBody } from './json-body.reader';

const LIMIT = 64;

/** What the middleware left for the next handler: the body it read, or the error it passed on. */
interface Outcome {
  body?: unknown;
  error?: { status: number; type: string };
  /** The bytes still unread in the request after the middleware, when it called next() without an error. */
  unread?: string;
}

describe('readJsonBody', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const read = readJsonBody(LIMIT);
    server = createServer((request: IncomingMessage & { body?: unknown }, response) => {
      read(request, response, (error?: unknown) => {
        const answer = (outcome: Outcome) => response.end(JSON.stringify(outcome));
        if (error) {
          const { status, type } = error as { status: number; type: string };
          return answer({ error: { status, type } });
        }
        if (request.readableEnded) return answer({ body: request.body });
        let unread = '';
        request.on('data', (chunk: Buffer) => (unread += chunk.toString()));
        request.on('end', () => answer({ body: request.body, unread }));
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => new Promise((closed) => server.close(closed)));

  /** Sends `body` with `headers` (content-type application/json unless given) and returns the outcome. */
  const send = (body: string | Buffer, headers: Record<string, string> = {}, chunked = false) =>
    new Promise<Outcome>((resolve, reject) => {
      const request = httpRequest(
        {
          port,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': Buffer.byteLength(body) }),
            ...headers,
          },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(JSON.parse(text) as Outcome));
        },
      );
      request.on('error', reject);
      request.end(body);
    });

  it('reads a UTF-8 JSON object, with or without a byte order mark', async () => {
    expect(await send('{"url":"https://example.com/é"}')).toEqual({ body: { url: 'https://example.com/é' } });
    expect(await send('\uFEFF {"a":[1]}')).toEqual({ body: { a: [1] } });
    expect(await send('[1,2]', { 'content-type': 'application/json; charset=UTF-8' })).toEqual({
      body: [1, 2],
    });
  });

  it('reads a body sent in chunks', async () => {
    expect(await send('{"a":"b"}', {}, true)).toEqual({ body: { a: 'b' } });
  });

  it('reads an empty body as an empty object', async () => {
    expect(await send('')).toEqual({ body: {} });
  });

  it.each(['"text"', '12', 'null', ' ', '{"a":', 'not json'])(
    'fails %j as a body that is not a JSON object or array',
    async (body) => {
      expect(await send(body)).toEqual({ error: { status: 400, type: 'entity.parse.failed' } });
    },
  );

  it('fails a body over the limit with 413, by its declared length or as it arrives', async () => {
    const large = JSON.stringify({ a: 'x'.repeat(LIMIT) });
    expect(await send(large)).toEqual({ error: { status: 413, type: 'entity.too.large' } });
    expect(await send(large, {}, true)).toEqual({ error: { status: 413, type: 'entity.too.large' } });
  });

  it('reads a compressed body or another charset through body-parser', async () => {
    expect(await send(gzipSync('{"a":1}'), { 'content-encoding': 'gzip' })).toEqual({ body: { a: 1 } });
    expect(
      await send(Buffer.from('{"a":"é"}', 'utf16le'), {
        'content-type': 'application/json; charset=utf-16le',
      }),
    ).toEqual({ body: { a: 'é' } });
    expect(await send(gzipSync('"text"'), { 'content-encoding': 'gzip' })).toEqual({
      error: { status: 400, type: 'entity.parse.failed' },
    });
    expect(
      await send(gzipSync(JSON.stringify({ a: 'x'.repeat(LIMIT) })), { 'content-encoding': 'gzip' }),
    ).toEqual({
      error: { status: 413, type: 'entity.too.large' },
    });
  });

  it('leaves a body that is not JSON unread', async () => {
    expect(await send('a=1', { 'content-type': 'application/x-www-form-urlencoded' })).toEqual({
      unread: 'a=1',
    });
  });
});
