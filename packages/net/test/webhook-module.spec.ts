import 'reflect-metadata';
import type { IncomingHttpHeaders } from 'node:http';
import { Injectable, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { Clock, QuarryCoreModule } from '@quarry/core';
import { startFixtureServer, type FixtureServer } from '@quarry/testing';
import { Webhook } from 'standardwebhooks';
import {
  generateWebhookSecret,
  NetModule,
  SafeHttpClient,
  WebhookSender,
  type NetModuleOptions,
} from '../src';

let receiver: FixtureServer;
let received: IncomingHttpHeaders[];

beforeAll(async () => {
  receiver = await startFixtureServer((req, res) => {
    received.push(req.headers);
    req.resume().on('end', () => res.writeHead(204).end());
  });
});
afterAll(() => receiver.close());
beforeEach(() => (received = []));

const options = (): NetModuleOptions => ({ allowHosts: [`127.0.0.1:${receiver.port}`] });
const secret = generateWebhookSecret();
const body = '{"type":"monitor.changed"}';
const at = new Date('2026-03-01T12:00:00Z');

@Injectable()
class Notifier {
  constructor(readonly sender: WebhookSender) {}
}

describe.each([
  ['forRoot', () => NetModule.forRoot(options())],
  ['forRootAsync', () => NetModule.forRootAsync({ useFactory: async () => options() })],
])('NetModule.%s with QuarryCoreModule', (_name, load) => {
  it('provides a WebhookSender that stamps the app clock and signs', async () => {
    const app = await Test.createTestingModule({ imports: [QuarryCoreModule, load()] })
      .overrideProvider(Clock)
      .useValue({ now: () => new Date(at) })
      .compile();

    const attempt = await app
      .get(WebhookSender)
      .send({ url: receiver.url('/hook'), body, webhookId: 'msg_module', secrets: [secret] });

    expect(attempt).toEqual({ delivered: true, statusCode: 204, gone: false });
    expect(received[0]['webhook-timestamp']).toBe(String(at.getTime() / 1000));
    const signature = new Webhook(secret).sign('msg_module', at, body);
    expect(received[0]['webhook-signature']).toBe(signature);
    await app.close();
  });
});

describe('NetModule WebhookSender', () => {
  it('falls back to the system clock when the app has no QuarryCoreModule', async () => {
    const app = await Test.createTestingModule({ imports: [NetModule.forRoot(options())] }).compile();
    const before = Math.floor(Date.now() / 1000);

    await app
      .get(WebhookSender)
      .send({ url: receiver.url('/hook'), body, webhookId: 'msg_1', secrets: [secret] });

    expect(Number(received[0]['webhook-timestamp'])).toBeGreaterThanOrEqual(before);
    expect(Number(received[0]['webhook-timestamp'])).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    await app.close();
  });

  it('sends through the module client: POST, no redirects, 10 s by default', async () => {
    const app = await Test.createTestingModule({
      imports: [QuarryCoreModule, NetModule.forRoot(options())],
    }).compile();
    const request = jest.spyOn(app.get(SafeHttpClient), 'request');

    await app
      .get(WebhookSender)
      .send({ url: receiver.url('/hook'), body, webhookId: 'msg_2', secrets: [secret] });

    expect(request).toHaveBeenCalledWith(
      receiver.url('/hook'),
      expect.objectContaining({ method: 'POST', body, maxRedirects: 0, timeoutMs: 10_000 }),
    );
    await app.close();
  });

  it('is visible to other modules when global', async () => {
    @Module({ providers: [Notifier] })
    class FeatureModule {}
    const app = await Test.createTestingModule({
      imports: [QuarryCoreModule, NetModule.forRoot({ isGlobal: true }), FeatureModule],
    }).compile();
    expect(app.get(Notifier).sender).toBeInstanceOf(WebhookSender);
    await app.close();
  });
});
