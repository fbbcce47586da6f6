import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { ADMIN_TOKEN } from './support/test-app';
import { eventually, freePort, ServiceProcess, startServiceProcess } from './support/service-process';

const CLI = join(__dirname, '../dist/cli/main.js');

const article = `<!doctype html><html><head><title>Shared story</title></head><body><article><h1>Shared story</h1>
<p>${'A story both instances serve from one cache, paid from one balance. '.repeat(4)}</p></article></body></html>`;

// Every test starts the operator CLI as its own process, several times: seconds each, more on a busy machine.
jest.setTimeout(180_000);

describe('two service instances and the CLI on one database', () => {
  let origin: FixtureServer;
  let dir: string;
  let env: Record<string, string>;
  let fetches = 0;
  const processes: ServiceProcess[] = [];
  const bases: string[] = [];

  /** The operator CLI as its own process, printing JSON. */
  async function quarry(...args: string[]) {
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, ...args, '--json'], {
      env: { ...process.env, ...env },
    });
    return JSON.parse(
      stdout
        .trim()
        .split('\n')
        .findLast((line) => line.startsWith('{'))!,
    );
  }

  const account = (base: string, key: string) =>
    request(base).get('/v1/api/account').auth(key, { type: 'bearer' });
  const scrape = (base: string, key: string, body: object = {}) =>
    request(base)
      .post('/v1/api/scrape')
      .auth(key, { type: 'bearer' })
      .send({ url: `http://${origin.hostPort}/story`, ...body });

  beforeAll(async () => {
    origin = await startFixtureServer({
      '/story': () => {
        fetches += 1;
        return { status: 200, headers: { 'content-type': 'text/html' }, body: article };
      },
    });
    dir = mkdtempSync(join(tmpdir(), 'quarry-two-'));
    env = {
      QUARRY_DATABASE_URL: process.env.QUARRY_E2E_DATABASE_URL ?? `sqlite:${join(dir, 'quarry.sqlite')}`,
      ...(process.env.QUARRY_E2E_REDIS_URL ? { QUARRY_REDIS_URL: process.env.QUARRY_E2E_REDIS_URL } : {}),
      QUARRY_ALLOW_HOSTS: origin.hostPort,
      QUARRY_ADMIN_TOKEN: ADMIN_TOKEN,
      QUARRY_RATE_LIMIT_WORK_PER_MINUTE: '1000',
    };
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      const instance = startServiceProcess({ ...env, PORT: String(port) });
      processes.push(instance);
      const base = `http://127.0.0.1:${port}`;
      await eventually(
        async () => ((await request(base).get('/health')).status === 200 ? true : undefined),
        30_000,
        `instance ${i + 1} (${instance.stderr()})`,
      );
      bases.push(base);
    }
  }, 90_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.kill('SIGTERM')));
    await origin.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a key revoked through the CLI on the next request to either instance', async () => {
    const { apiKey, account: created } = await quarry(
      'accounts',
      'create',
      '--email',
      'cli-revoke@example.com',
    );
    const { apiKey: other } = await quarry('keys', 'create', '--account', created.id);
    for (const base of bases) expect((await account(base, apiKey)).status).toBe(200);
    // A write by another process that revokes nothing leaves the key working.
    await quarry('credits', 'add', '--account', created.id, '--amount', '3');
    for (const base of bases) expect((await account(base, apiKey)).status).toBe(200);
    await quarry('keys', 'revoke', '--key-prefix', apiKey.slice(0, 16));
    for (const base of bases) expect((await account(base, apiKey)).status).toBe(401);
    for (const base of bases) expect((await account(base, other)).status).toBe(200);
  });

  it("refuses a key revoked through one instance's admin API on the next request to the other", async () => {
    const { apiKey } = await quarry('accounts', 'create', '--email', 'admin-revoke@example.com');
    for (const base of bases) expect((await account(base, apiKey)).status).toBe(200);
    const revoked = await request(bases[0])
      .post('/v1/admin/keys/revoke')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ keyPrefix: apiKey.slice(0, 16) });
    expect(revoked.status).toBe(200);
    expect((await account(bases[1], apiKey)).status).toBe(401);
    expect((await account(bases[0], apiKey)).status).toBe(401);
  });

  it('serves one cache: an invalidation or forceFresh on one instance is seen by the other at once', async () => {
    const { apiKey } = await quarry('accounts', 'create', '--email', 'cache@example.com', '--credits', '10');
    expect((await scrape(bases[0], apiKey)).body.cached).toBe(false);
    expect((await scrape(bases[1], apiKey)).body.cached).toBe(true);
    const invalidated = await request(bases[1])
      .post('/v1/api/invalidate')
      .auth(apiKey, { type: 'bearer' })
      .send({ url: `http://${origin.hostPort}/story` });
    expect(invalidated.status).toBe(200);
    const before = fetches;
    expect((await scrape(bases[0], apiKey)).body.cached).toBe(false);
    expect((await scrape(bases[0], apiKey, { forceFresh: true })).body.cached).toBe(false);
    expect((await scrape(bases[1], apiKey)).body.cached).toBe(true);
    expect(fetches).toBe(before + 2);
  });

  it('charges cached scrapes exactly once each across both instances, never past the balance', async () => {
    const { apiKey, account: created } = await quarry(
      'accounts',
      'create',
      '--email',
      'race@example.com',
      '--credits',
      '11',
    );
    expect((await scrape(bases[0], apiKey)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => scrape(bases[i % 2], apiKey).then((r) => r.status)),
    );
    expect(answers.filter((status) => status === 200)).toHaveLength(10);
    expect(answers.filter((status) => status === 402)).toHaveLength(40);
    const shown = await account(bases[1], apiKey);
    expect(shown.body.account).toMatchObject({ id: created.id, credits: 0, reservedCredits: 0 });
    expect(shown.body.usage.last30Days.scrape).toEqual({ count: 11, credits: 11 });
  });
});
