import { RouterModule } from '@nestjs/core';
import request from 'supertest';
import { AccountsHttpModule, AccountsModule, AccountsService, ApiKeysService } from '@quarry/accounts';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { ScrapeHttpModule, ScrapeModule } from '../src';
import { HostApp, startScrapeHost } from './support/host-app';

describe('Quarry routes mounted in a host app with its own global pipe and filter', () => {
  let origin: FixtureServer;
  let host: HostApp;
  let apiKey: string;

  beforeAll(async () => {
    origin = await startFixtureServer({
      '/article': {
        body: `<html><head><title>Hello</title></head><body><article><h1>Hello</h1><p>${'A paragraph of readable text. '.repeat(20)}</p></article></body></html>`,
      },
      '/missing': { status: 404, body: 'gone' },
      '/image.png': { headers: { 'content-type': 'image/png' }, body: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
    });
    host = await startScrapeHost(
      [
        AccountsModule.forRoot({}),
        ScrapeModule.forRoot({}),
        ScrapeHttpModule,
        AccountsHttpModule,
        RouterModule.register([
          { path: 'quarry', module: ScrapeHttpModule },
          { path: 'quarry', module: AccountsHttpModule },
        ]),
      ],
      [origin.hostPort],
    );
    const account = await host.app.get(AccountsService).create('team@example.com', 10);
    apiKey = (await host.app.get(ApiKeysService).create(account.id)).apiKey;
  });
  afterAll(async () => {
    await host.close();
    await origin.close();
  });

  const scrape = (body: unknown) =>
    request(host.app.getHttpServer())
      .post('/quarry/scrape')
      .set('authorization', `Bearer ${apiKey}`)
      .send(body as object);

  it('answers 401 with the JSON error body when the key is missing', async () => {
    const response = await request(host.app.getHttpServer())
      .post('/quarry/scrape')
      .send({ url: origin.url('/article') });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    const account = await request(host.app.getHttpServer()).get('/quarry/account');
    expect(account.status).toBe(401);
    expect(account.body.error).toBe('unauthorized');
  });

  it('validates the body with field details and rejects unknown fields', async () => {
    const wrongType = await scrape({ url: 42 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ error: 'invalid_request', details: { url: expect.any(String) } });
    const unknownField = await scrape({ url: origin.url('/article'), colour: 'red' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body).toMatchObject({
      error: 'invalid_request',
      details: { colour: 'is not an allowed field' },
    });
  });

  it('answers 400 for a private URL, and the origin 404 and unreadable content with their scrape codes', async () => {
    const privateUrl = await scrape({ url: 'http://10.0.0.1/admin' });
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.body).toMatchObject({ error: 'invalid_request', details: { url: expect.any(String) } });
    const missing = await scrape({ url: origin.url('/missing') });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: 'URL_NOT_FOUND',
      message: expect.any(String),
      url: origin.url('/missing'),
    });
    const image = await scrape({ url: origin.url('/image.png') });
    expect(image.status).toBe(422);
    expect(image.body).toMatchObject({ error: 'UNREADABLE_CONTENT', url: origin.url('/image.png') });
  });

  it('scrapes and charges the key holder', async () => {
    const response = await scrape({ url: origin.url('/article') });
    expect(response.status).toBe(200);
    expect(response.body.markdown).toContain('A paragraph of readable text.');
    const account = await request(host.app.getHttpServer())
      .get('/quarry/account')
      .set('authorization', `Bearer ${apiKey}`);
    expect(account.body.account.credits).toBe(9);
  });

  it("leaves the host's routes to the host's pipe and filter", async () => {
    const server = host.app.getHttpServer();
    const created = await request(server).post('/notes').send({ title: 'Minutes', tag: 'extra' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ note: { title: 'Minutes', tag: 'extra' } });
    const invalid = await request(server).post('/notes').send({ title: 42 });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ hostError: true, detail: { message: ['title must be a string'] } });
    const locked = await request(server).get('/notes/locked');
    expect(locked.status).toBe(423);
    expect(locked.body).toEqual({ hostError: true, detail: { reason: 'the note is locked' } });
    const unknown = await request(server).get('/nowhere');
    expect(unknown.status).toBe(404);
    expect(unknown.body.hostError).toBe(true);
  });
});
