import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import request from 'supertest';
import { CliModule } from '../src/cli/cli.module';
import { buildCli } from '../src/cli/quarry-cli';
import { startTestApp, TestApp } from './support/test-app';

describe('quarry CLI against the same database as the service', () => {
  let t: TestApp;
  let context: INestApplicationContext;

  beforeAll(async () => {
    t = await startTestApp();
    context = await NestFactory.createApplicationContext(CliModule.forRoot(t.config.databaseUrl), {
      logger: false,
    });
  });
  afterAll(async () => {
    await context.close();
    await t.close();
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each command prints its own JSON shape
  async function quarry(...args: string[]): Promise<any> {
    const lines: string[] = [];
    await buildCli(
      async () => context,
      (line) => lines.push(line),
    ).parseAsync(['node', 'quarry', ...args]);
    expect(lines).toHaveLength(1);
    return JSON.parse(lines[0]);
  }

  it('creates an account whose key works, adds credits, creates and revokes keys', async () => {
    const created = await quarry(
      'accounts',
      'create',
      '--email',
      'cli@example.com',
      '--credits',
      '5',
      '--json',
    );
    expect(created).toMatchObject({
      account: { id: expect.any(String), email: 'cli@example.com', credits: 5 },
      apiKey: expect.stringMatching(/^qk_live_/),
      webhookSecret: expect.stringMatching(/^whsec_/),
    });
    const secret = await request(t.url)
      .get('/v1/api/account/webhook-secret')
      .auth(created.apiKey, { type: 'bearer' });
    expect(secret.body).toEqual({ webhookSecret: created.webhookSecret, previousSecretValidUntil: null });
    const rotated = await quarry(
      'accounts',
      'rotate-webhook-secret',
      '--account',
      created.account.id,
      '--json',
    );
    expect(rotated.webhookSecret).not.toBe(created.webhookSecret);
    const rotatedByHolder = await request(t.url)
      .post('/v1/api/account/webhook-secret/rotate')
      .auth(created.apiKey, { type: 'bearer' });
    expect(rotatedByHolder.body.webhookSecret).not.toBe(rotated.webhookSecret);
    const account = await request(t.url).get('/v1/api/account').auth(created.apiKey, { type: 'bearer' });
    expect(account.body.account.credits).toBe(5);

    const topped = await quarry(
      'credits',
      'add',
      '--account',
      created.account.id,
      '--amount',
      '500',
      '--json',
    );
    expect(topped.account.credits).toBe(505);

    const second = await quarry('keys', 'create', '--account', created.account.id, '--json');
    expect((await request(t.url).get('/v1/api/account').auth(second.apiKey, { type: 'bearer' })).status).toBe(
      200,
    );
    await quarry('keys', 'revoke', '--key-prefix', second.key.prefix, '--json');
    expect((await request(t.url).get('/v1/api/account').auth(second.apiKey, { type: 'bearer' })).status).toBe(
      401,
    );
  });

  it('rejects bad arguments', async () => {
    const cli = buildCli(
      async () => context,
      () => undefined,
    ).configureOutput({ writeErr: () => undefined });
    await expect(
      cli.parseAsync(['node', 'quarry', 'credits', 'add', '--account', 'x', '--amount', '-3']),
    ).rejects.toThrow(/--amount/);
  });

  it('refuses an account email with a control character', async () => {
    await expect(
      quarry('accounts', 'create', '--email', '"a\r\nBcc: victim@example.com"@example.com'),
    ).rejects.toThrow(/must not contain control characters/);
  });
});
