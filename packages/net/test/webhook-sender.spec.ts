import type { IncomingHttpHeaders } from 'node:http';
import { Clock, SystemClock } from '@quarry/core';
import { startFixtureServer, type FixtureServer } from '@quarry/testing';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { generateWebhookSecret, PublicUrlPolicy, SafeHttpClient, WebhookSender } from '../src';

interface Received {
  method?: string;
  path?: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

class FixedClock extends Clock {
  constructor(public at: Date) {
    super();
  }
  now(): Date {
    return new Date(this.at);
  }
}

const HTTP_DATE_AT = new Date('2026-03-01T12:00:00Z');

let receiver: FixtureServer;
let target: FixtureServer;
let canary: FixtureServer;
let client: SafeHttpClient;
let received: Received[];
let targetHits: number;
let canaryHits: number;

beforeAll(async () => {
  target = await startFixtureServer((_req, res) => {
    targetHits += 1;
    res.end('ok');
  });
  canary = await startFixtureServer(
    (_req, res) => {
      canaryHits += 1;
      res.end('ok');
    },
    { host: '::' },
  );
  receiver = await startFixtureServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method, path: req.url, headers: req.headers, body: Buffer.concat(chunks) });
      const status = /^\/status\/(\d+)$/.exec(req.url ?? '');
      if (status) return res.writeHead(Number(status[1])).end('{"answer":true}');
      switch (req.url) {
        case '/redirect':
          return res.writeHead(302, { location: target.url('/hook') }).end();
        case '/busy':
          return res.writeHead(429, { 'retry-after': '7' }).end();
        case '/busy-until':
          return res
            .writeHead(503, { 'retry-after': new Date(HTTP_DATE_AT.getTime() + 90_000).toUTCString() })
            .end();
        case '/busy-for-days':
          return res.writeHead(503, { 'retry-after': String(3 * 24 * 3600) }).end();
        case '/silent':
          return; // never answers
        default:
          return res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
    });
  });
  client = new SafeHttpClient(
    new PublicUrlPolicy({
      allowHosts: [`127.0.0.1:${receiver.port}`, `127.0.0.1:${target.port}`],
    }),
  );
});

afterAll(async () => {
  await client.close();
  await Promise.all([receiver.close(), target.close(), canary.close()]);
});

beforeEach(() => {
  received = [];
  targetHits = 0;
  canaryHits = 0;
});

const secret = generateWebhookSecret();
const body = JSON.stringify({ jobId: 'job_1', status: 'completed', result: { title: 'Café ✓ 😀' } });

function delivery(path = '/hook', overrides: Partial<Parameters<WebhookSender['send']>[0]> = {}) {
  return { url: receiver.url(path), body, webhookId: 'msg_2x0Aa7Lq', secrets: [secret], ...overrides };
}

/** The request as a receiver's framework hands it over: the raw body and the headers. */
function lastRequest(): { payload: string; headers: Record<string, string> } {
  const request = received.at(-1)!;
  return { payload: request.body.toString('utf8'), headers: request.headers as Record<string, string> };
}

describe('WebhookSender.send', () => {
  const sender = () => new WebhookSender(client, new SystemClock());

  it('POSTs the body byte for byte as JSON with the Standard Webhooks headers', async () => {
    const before = Math.floor(Date.now() / 1000);
    const attempt = await sender().send(delivery());

    expect(attempt).toEqual({ delivered: true, statusCode: 200, gone: false });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.method).toBe('POST');
    expect(request.body.equals(Buffer.from(body, 'utf8'))).toBe(true);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toBe('msg_2x0Aa7Lq');
    const timestamp = Number(request.headers['webhook-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it('signs so that the receiver verifies with the same secret, and not with another', async () => {
    await sender().send(delivery());
    const { payload, headers } = lastRequest();

    expect(new Webhook(secret).verify(payload, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(generateWebhookSecret()).verify(payload, headers)).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(secret).verify(payload.replace('completed', 'failed'), headers)).toThrow(
      WebhookVerificationError,
    );
  });

  it('signs with the UTF-8 bytes of a plain-text secret, as the original service does', async () => {
    const plain = 'my plain secret, 16+ characters';
    await sender().send(delivery('/hook', { secrets: [plain] }));
    const { payload, headers } = lastRequest();

    const raw = new Webhook(Buffer.from(plain, 'utf8'), { format: 'raw' });
    expect(raw.verify(payload, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(payload, headers)).toThrow(WebhookVerificationError);
  });

  it('signs once per secret while a secret is rotated, each signature verifying with its own', async () => {
    const next = generateWebhookSecret();
    await sender().send(delivery('/hook', { secrets: [next, secret] }));
    const { payload, headers } = lastRequest();

    const signatures = headers['webhook-signature'].split(' ');
    expect(signatures).toHaveLength(2);
    expect(new Webhook(next).verify(payload, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(secret).verify(payload, headers)).toEqual(JSON.parse(body));
    expect(
      new Webhook(next).verify(payload, { ...headers, 'webhook-signature': signatures[0] }),
    ).toBeTruthy();
    expect(
      new Webhook(secret).verify(payload, { ...headers, 'webhook-signature': signatures[1] }),
    ).toBeTruthy();
    expect(() =>
      new Webhook(secret).verify(payload, { ...headers, 'webhook-signature': signatures[0] }),
    ).toThrow(WebhookVerificationError);
  });

  it('sends what the Standard Webhooks known-answer vector expects', async () => {
    const clock = new FixedClock(new Date(1614265330 * 1000));
    const payload = '{"test": 2432232314}';
    await new WebhookSender(client, clock).send({
      url: receiver.url('/hook'),
      body: payload,
      webhookId: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    });
    const { headers } = lastRequest();

    expect(headers['webhook-id']).toBe('msg_p5jXN8AQM9LWM0D4loKWxJek');
    expect(headers['webhook-timestamp']).toBe('1614265330');
    expect(headers['webhook-signature']).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
    const now = jest.spyOn(Date, 'now').mockReturnValue(1614265330 * 1000 + 5000);
    try {
      expect(new Webhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw').verify(payload, headers)).toEqual({
        test: 2432232314,
      });
    } finally {
      now.mockRestore();
    }
  });

  it('keeps the id and stamps a fresh timestamp on every attempt', async () => {
    const clock = new FixedClock(new Date('2026-03-01T12:00:00Z'));
    const webhookSender = new WebhookSender(client, clock);
    await webhookSender.send(delivery('/status/500'));
    clock.at = new Date('2026-03-01T12:00:31Z');
    await webhookSender.send(delivery());

    expect(received.map((request) => request.headers['webhook-id'])).toEqual([
      'msg_2x0Aa7Lq',
      'msg_2x0Aa7Lq',
    ]);
    expect(received.map((request) => request.headers['webhook-timestamp'])).toEqual([
      String(Date.parse('2026-03-01T12:00:00Z') / 1000),
      String(Date.parse('2026-03-01T12:00:31Z') / 1000),
    ]);
    expect(received[0].headers['webhook-signature']).not.toBe(received[1].headers['webhook-signature']);
  });

  it('passes extra headers through but never lets them replace the signature headers', async () => {
    await sender().send(
      delivery('/hook', {
        headers: {
          'X-Callback-Token': 'tok_abc',
          'Webhook-Signature': 'v1,forged',
          'content-type': 'text/plain',
        },
      }),
    );
    const { payload, headers } = lastRequest();

    expect(headers['x-callback-token']).toBe('tok_abc');
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-signature']).not.toContain('forged');
    expect(new Webhook(secret).verify(payload, headers)).toBeTruthy();
  });

  it.each([200, 201, 202, 204, 299])('counts %i as delivered', async (status) => {
    await expect(sender().send(delivery(`/status/${status}`))).resolves.toEqual({
      delivered: true,
      statusCode: status,
      gone: false,
    });
  });

  it.each([
    [500, 'answered 500'],
    [404, 'answered 404'],
    [401, 'answered 401'],
    [304, 'redirects are not followed (answered 304)'],
  ])('reports %i as not delivered', async (status, error) => {
    await expect(sender().send(delivery(`/status/${status}`))).resolves.toEqual({
      delivered: false,
      statusCode: status,
      error,
      gone: false,
    });
  });

  it('does not follow a redirect: the target is never hit', async () => {
    const attempt = await sender().send(delivery('/redirect'));

    expect(attempt).toEqual({
      delivered: false,
      statusCode: 302,
      error: 'redirects are not followed (answered 302)',
      gone: false,
    });
    expect(received).toHaveLength(1);
    expect(targetHits).toBe(0);
    expect(target.connections).toBe(0);
  });

  it('stops on 410 Gone', async () => {
    await expect(sender().send(delivery('/status/410'))).resolves.toEqual({
      delivered: false,
      statusCode: 410,
      error: 'answered 410',
      gone: true,
    });
  });

  it('reads Retry-After as delta-seconds', async () => {
    await expect(sender().send(delivery('/busy'))).resolves.toEqual({
      delivered: false,
      statusCode: 429,
      error: 'answered 429',
      retryAfterMs: 7000,
      gone: false,
    });
  });

  it('reads Retry-After as an HTTP-date against the clock', async () => {
    const attempt = await new WebhookSender(client, new FixedClock(HTTP_DATE_AT)).send(
      delivery('/busy-until'),
    );
    expect(attempt).toMatchObject({ delivered: false, statusCode: 503, retryAfterMs: 90_000 });
  });

  it('caps a Retry-After at one hour', async () => {
    const attempt = await sender().send(delivery('/busy-for-days'));
    expect(attempt.retryAfterMs).toBe(3_600_000);
  });

  it('gives up on a receiver that never answers within timeoutMs', async () => {
    const attempt = await sender().send(delivery('/silent', { timeoutMs: 400 }));
    expect(attempt).toEqual({ delivered: false, error: 'timed out after 0.4 s', gone: false });
  });

  it('reports a refused connection', async () => {
    const closed = await startFixtureServer((_req, res) => res.end());
    await closed.close();
    const policy = new PublicUrlPolicy({ allowHosts: [`127.0.0.1:${closed.port}`] });
    const closedClient = new SafeHttpClient(policy);
    try {
      const attempt = await new WebhookSender(closedClient, new SystemClock()).send(
        delivery('/hook', { url: closed.url('/hook') }),
      );
      expect(attempt).toEqual({ delivered: false, error: 'connection refused', gone: false });
    } finally {
      await closedClient.close();
    }
  });

  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/hook`],
    ['localhost', (port: number) => `http://localhost:${port}/hook`],
    ['[::1]', (port: number) => `http://[::1]:${port}/hook`],
    ['0.0.0.0', (port: number) => `http://0.0.0.0:${port}/hook`],
  ])('never connects to a private address that is not allow-listed (%s)', async (_name, url) => {
    const attempt = await sender().send(delivery('/hook', { url: url(canary.port) }));

    expect(attempt).toMatchObject({ delivered: false, gone: true });
    expect(attempt.error).toMatch(/^address not allowed: /);
    expect(attempt.statusCode).toBeUndefined();
    expect(canaryHits).toBe(0);
    expect(canary.connections).toBe(0);
  });

  it('treats an unusable URL as gone', async () => {
    await expect(sender().send(delivery('/hook', { url: 'ftp://example.com/hook' }))).resolves.toMatchObject({
      delivered: false,
      gone: true,
      error: expect.stringMatching(/^invalid URL: /),
    });
  });

  it('throws on arguments no attempt could succeed with, before connecting', async () => {
    await expect(sender().send(delivery('/hook', { secrets: [] }))).rejects.toThrow(
      /At least one webhook secret/,
    );
    await expect(sender().send(delivery('/hook', { secrets: [''] }))).rejects.toThrow(/secret 1 is empty/);
    await expect(sender().send(delivery('/hook', { webhookId: 'msg 1' }))).rejects.toThrow(/webhookId/);
    await expect(sender().send(delivery('/hook', { timeoutMs: 0 }))).rejects.toThrow(/timeoutMs/);
    expect(received).toHaveLength(0);
  });
});
