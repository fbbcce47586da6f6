import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { eventually, freePort, ServiceProcess, startServiceProcess } from './support/service-process';
import { apiWithAccount, sharedEnv } from './support/shared-services';

const story = `<!doctype html><html><head><title>Slow story</title></head><body><article><h1>Slow story</h1>
<p>${'A story that takes its time to arrive, long enough for a worker to be killed halfway. '.repeat(4)}</p></article></body></html>`;

describe('an async job whose worker is killed mid-scrape (separate api and worker processes)', () => {
  let origin: FixtureServer;
  let dir: string;
  const processes: ServiceProcess[] = [];
  const webhookIds: string[] = [];

  beforeAll(async () => {
    origin = await startFixtureServer({
      '/slow': { delayMs: 2500, body: story },
      '/hook': (req) => {
        webhookIds.push(String(req.headers['webhook-id']));
        return { status: 200 };
      },
    });
    dir = mkdtempSync(join(tmpdir(), 'quarry-crash-'));
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await origin.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Its budget: processes starting, a worker killed and another taking over, the delivery retried.
  it('completes once, is delivered once and charged once after the worker restarts', async () => {
    const env = sharedEnv(dir, origin, await freePort());
    const { base, key } = await apiWithAccount(env, processes, 5);
    const accepted = await request(base)
      .post('/v1/api/scrape/async')
      .auth(key, { type: 'bearer' })
      .send({ url: `${origin.origin}/slow`, callbackUrl: `${origin.origin}/hook` });
    expect(accepted.status).toBe(202);

    const first = startServiceProcess({ ...env, QUARRY_ROLE: 'worker' });
    processes.push(first);
    await eventually(
      async () => (origin.hits('/slow') > 0 ? true : undefined),
      30_000,
      `the first worker to start the job (${first.stderr()})`,
    );
    const second = startServiceProcess({ ...env, QUARRY_ROLE: 'worker' });
    processes.push(second);
    await first.kill('SIGKILL');

    const job = await eventually(
      async () => {
        const response = await request(base)
          .get(`/v1/api/scrape/jobs/${accepted.body.jobId}`)
          .auth(key, { type: 'bearer' });
        return response.body.delivery?.status === 'delivered' ? response.body : undefined;
      },
      60_000,
      `the job to be delivered (${second.stderr()})`,
    );
    expect(job.status).toBe('completed');
    expect(job.result.title).toBe('Slow story');
    expect(origin.hits('/slow')).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(webhookIds).toEqual([`msg_${accepted.body.jobId}`]);
    const account = await request(base).get('/v1/api/account').auth(key, { type: 'bearer' });
    expect(account.body.account.credits).toBe(4);
  }, 120_000);
});

describe('an async job whose worker is killed while its callback is in flight', () => {
  let origin: FixtureServer;
  let dir: string;
  const processes: ServiceProcess[] = [];
  const webhookIds: string[] = [];

  beforeAll(async () => {
    origin = await startFixtureServer({
      '/story': { body: story },
      // The first callback is held open until its worker is killed; later ones are accepted.
      '/hook': {
        handle: (req, res) => {
          webhookIds.push(String(req.headers['webhook-id']));
          if (webhookIds.length > 1) res.writeHead(200).end();
        },
      },
    });
    dir = mkdtempSync(join(tmpdir(), 'quarry-crash-'));
  });
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await origin.close();
    rmSync(dir, { recursive: true, force: true });
  });

  // Its budget: processes starting, a worker killed and another taking over, the delivery retried.
  it('sends the callback again with the same webhook-id and records as many attempts as the receiver got', async () => {
    const env = sharedEnv(dir, origin, await freePort());
    const { base, key } = await apiWithAccount(env, processes, 5);
    const accepted = await request(base)
      .post('/v1/api/scrape/async')
      .auth(key, { type: 'bearer' })
      .send({ url: `${origin.origin}/story`, callbackUrl: `${origin.origin}/hook` });
    expect(accepted.status).toBe(202);

    const first = startServiceProcess({ ...env, QUARRY_ROLE: 'worker' });
    processes.push(first);
    await eventually(
      async () => (webhookIds.length > 0 ? true : undefined),
      30_000,
      `the first worker to send the callback (${first.stderr()})`,
    );
    await first.kill('SIGKILL');
    const second = startServiceProcess({ ...env, QUARRY_ROLE: 'worker' });
    processes.push(second);

    const job = await eventually(
      async () => {
        const response = await request(base)
          .get(`/v1/api/scrape/jobs/${accepted.body.jobId}`)
          .auth(key, { type: 'bearer' });
        return response.body.delivery?.status === 'delivered' ? response.body : undefined;
      },
      60_000,
      `the job to be delivered (${second.stderr()})`,
    );
    expect(webhookIds).toEqual([`msg_${accepted.body.jobId}`, `msg_${accepted.body.jobId}`]);
    expect(job.delivery).toEqual({ status: 'delivered', attempts: webhookIds.length, lastStatusCode: 200 });
    expect(job.status).toBe('completed');
    const account = await request(base).get('/v1/api/account').auth(key, { type: 'bearer' });
    expect(account.body.account.credits).toBe(4);
  }, 120_000);
});
