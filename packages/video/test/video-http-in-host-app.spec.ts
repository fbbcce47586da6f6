import { CanActivate, ExecutionContext } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import request from 'supertest';
import { QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { DatabaseQueueModule } from '@quarry/queue-db';
import { NetModule } from '@quarry/net';
import { AccountsModule, AccountsService, ApiKeysService } from '@quarry/accounts';
import { VideoHttpModule, VideoModule } from '../src';
import { HostApp, startHostApp, startPlatformStandIns, type PlatformStandIns } from '@quarry/testing';
import { videoSchema } from './support/video-test-module';

/** What every host below imports besides the video modules. */
const quarryBase = () => [QuarryCoreModule, QuarryDataSourceModule, NetModule.forRoot({ isGlobal: true })];

const TALK = 'tAlKaBoUt01';
const talkUrl = `https://www.youtube.com/watch?v=${TALK}`;

describe('the video routes mounted in a host app with its own global pipe and filter', () => {
  let standIns: PlatformStandIns;
  let host: HostApp;
  let apiKey: string;
  let otherKey: string;

  beforeAll(async () => {
    standIns = await startPlatformStandIns({
      youtube: {
        videos: {
          [TALK]: {
            title: 'A talk',
            captions: [{ languageCode: 'en', cues: [{ text: 'Hello', startMs: 0, durationMs: 900 }] }],
          },
        },
      },
    });
    host = await startHostApp({
      schema: videoSchema,
      imports: [
        ...quarryBase(),
        DatabaseQueueModule.forRoot({ pollIntervalMs: 50, shutdownGraceMs: 1000 }),
        AccountsModule.forRoot({}),
        VideoModule.forRoot({ origins: standIns.origins }),
        VideoHttpModule,
        RouterModule.register([{ path: 'quarry', module: VideoHttpModule }]),
      ],
    });
    const accounts = host.app.get(AccountsService);
    const keys = host.app.get(ApiKeysService);
    apiKey = (await keys.create((await accounts.create('team@example.com', 10)).id)).apiKey;
    otherKey = (await keys.create((await accounts.create('other@example.com', 10)).id)).apiKey;
  });
  afterAll(async () => {
    await host?.close();
    await standIns?.close();
  });

  const process = (body: unknown, key = apiKey) =>
    request(host.app.getHttpServer())
      .post('/quarry/video/process')
      .set('authorization', `Bearer ${key}`)
      .send(body as object);
  const job = (jobId: string, key = apiKey) =>
    request(host.app.getHttpServer())
      .get(`/quarry/video/jobs/${jobId}`)
      .set('authorization', `Bearer ${key}`);

  it('answers 401 with the JSON error body when the key is missing', async () => {
    const response = await request(host.app.getHttpServer())
      .post('/quarry/video/process')
      .send({ url: talkUrl });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
  });

  it('queues a job (202) whose GET shows progress, then the result', async () => {
    const submitted = await process({ url: talkUrl, language: 'en' });
    expect(submitted.status).toBe(202);
    expect(submitted.body).toEqual({ jobId: expect.any(String), status: 'queued' });
    let response = await job(submitted.body.jobId);
    for (let i = 0; i < 200 && response.body.status !== 'completed'; i++) {
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: expect.stringMatching(/^(queued|processing)$/) });
      await new Promise((resolve) => setTimeout(resolve, 50));
      response = await job(submitted.body.jobId);
    }
    const body = response.body;
    expect(body).toEqual({
      jobId: submitted.body.jobId,
      status: 'completed',
      progress: 100,
      result: expect.objectContaining({
        url: talkUrl,
        platform: 'youtube',
        transcript: expect.objectContaining({ text: 'Hello', source: 'captions' }),
        credits: 1,
      }),
    });
  });

  it("answers 404 for an unknown job and for another account's job", async () => {
    const submitted = await process({ url: talkUrl, language: 'en' });
    const foreign = await job(submitted.body.jobId, otherKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: expect.any(String) });
    const unknown = await job('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it.each([
    [{ url: talkUrl, colour: 'red' }, 'colour', 'is not an allowed field'],
    [{ url: 42 }, 'url', expect.any(String)],
    [{ url: talkUrl, mode: 'fast' }, 'mode', expect.stringContaining('auto, native, generate')],
    [{ url: talkUrl, language: 'english' }, 'language', expect.stringContaining('ISO 639-1')],
    [{ url: talkUrl, forceFresh: 'yes' }, 'forceFresh', expect.any(String)],
    [
      { url: talkUrl, callbackUrl: 'https://hooks.example/x', callbackToken: 'x'.repeat(257) },
      'callbackToken',
      expect.any(String),
    ],
    [{ url: 'https://vimeo.com/12345' }, 'url', expect.stringContaining('youtube, instagram, tiktok')],
    [{ url: talkUrl, callbackUrl: 'http://192.168.1.10/hook' }, 'callbackUrl', expect.any(String)],
  ])('answers 400 invalid_request for %j, naming %s', async (body, field, why) => {
    const response = await process(body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: 'invalid_request', details: { [field]: why } });
  });

  it('accepts a language with a region', async () => {
    expect((await process({ url: talkUrl, language: 'pt-BR' })).status).toBe(202);
  });

  it("leaves the host's routes to the host's pipe and filter", async () => {
    const server = host.app.getHttpServer();
    const created = await request(server).post('/notes').send({ title: 'Minutes', tag: 'extra' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ note: { title: 'Minutes', tag: 'extra' } });
    const invalid = await request(server).post('/notes').send({ title: 42 });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ hostError: true });
  });
});

/** A host's own authentication, acting for one team account. */
class TeamTokenGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    context.switchToHttp().getRequest().auth = { accountId: 'team-a' };
    return true;
  }
}

describe('the video routes in a host without a job queue or AccountsModule', () => {
  let host: HostApp;

  beforeAll(async () => {
    host = await startHostApp({
      schema: videoSchema,
      imports: [
        ...quarryBase(),
        VideoModule.forRoot({}),
        VideoHttpModule.forRoot({ guard: new TeamTokenGuard() }),
        RouterModule.register([{ path: 'quarry', module: VideoHttpModule }]),
      ],
    });
  });
  afterAll(() => host?.close());

  it('answers 501, naming the queue to import', async () => {
    const response = await request(host.app.getHttpServer())
      .post('/quarry/video/process')
      .send({ url: talkUrl });
    expect(response.status).toBe(501);
    expect(response.body).toEqual({
      error: 'not_implemented',
      message: expect.stringMatching(/JobQueue .*DatabaseQueueModule .*BullQueueModule/),
    });
  });
});
