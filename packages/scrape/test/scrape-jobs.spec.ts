import { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { InvalidRequestError, NotFoundError, PaymentRequiredError } from '@quarry/core';
import { AccountsService, CreditLedger, WebhookSecretsService } from '@quarry/accounts';
import { FixtureResponse, FixtureServer, startFixtureServer } from '@quarry/testing';
import { ScrapeError, ScrapeJob, ScrapeJobsService, ScrapeService } from '../src';
import { createScrapeTestContext, scrapeEngines, ScrapeTestContext } from './scrape-test-module';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

const story = `<!doctype html><html><head><title>Async story</title></head><body><article><h1>Async story</h1>
<p>${'A paragraph of the story that the callback should carry to its receiver, word for word. '.repeat(4)}</p></article></body></html>`;

/** A receiver answering the given statuses in turn (the last one repeats), recording what it got. */
function receiver(statuses: number[], received: Received[], headers: Record<string, string> = {}) {
  return (request: { headers: IncomingHttpHeaders }, body: Buffer): FixtureResponse => {
    received.push({ headers: request.headers, body: body.toString('utf8') });
    return { status: statuses[Math.min(received.length - 1, statuses.length - 1)], headers, body: '' };
  };
}

describe.each(scrapeEngines())('async scrape jobs on the %s engine', (engine) => {
  let origin: FixtureServer;
  let context: ScrapeTestContext;
  let jobs: ScrapeJobsService;
  let accounts: AccountsService;
  let ledger: CreditLedger;
  let secrets: WebhookSecretsService;

  beforeAll(async () => {
    origin = await startFixtureServer({ '/story': { body: story }, '/missing': { status: 404 } });
    context = await createScrapeTestContext([origin.hostPort], engine, {
      callbackBackoffMs: 100,
      callbackAttempts: 4,
      asyncBackoffMs: 100,
    });
    jobs = context.moduleRef.get(ScrapeJobsService);
    accounts = context.moduleRef.get(AccountsService);
    ledger = context.moduleRef.get(CreditLedger);
    secrets = context.moduleRef.get(WebhookSecretsService);
  });
  afterAll(async () => {
    await context.close();
    await origin.close();
  });

  async function settled(accountId: string, jobId: string): Promise<ScrapeJob> {
    for (let i = 0; i < 300; i++) {
      const job = await jobs.get(accountId, jobId);
      if (job.delivery?.status !== 'pending') return job;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`job ${jobId} did not settle`);
  }

  it('delivers a signed callback after two failed attempts, with one webhook-id, and charges once', async () => {
    const account = await accounts.create('async@example.com', 3);
    const received: Received[] = [];
    origin.route('/hook-500-500-200', receiver([500, 500, 200], received));
    const submitted = await jobs.submit(account.id, {
      url: `${origin.origin}/story`,
      callbackUrl: `${origin.origin}/hook-500-500-200`,
      callbackToken: 'tok-1',
    });
    const job = await settled(account.id, submitted.id);

    expect(job).toMatchObject({
      status: 'completed',
      attempts: 1,
      delivery: { status: 'delivered', attempts: 3, lastStatusCode: 200 },
    });
    expect(received).toHaveLength(3);
    expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const verifier = new Webhook((await secrets.get(account.id)).webhookSecret);
    for (const { headers, body } of received) {
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-callback-token']).toBe('tok-1');
      expect(() => verifier.verify(body, headers as Record<string, string>)).not.toThrow();
    }
    const payload = JSON.parse(received[2].body);
    const sync = await context.moduleRef.get(ScrapeService).scrapeUnbilled({ url: `${origin.origin}/story` });
    expect(payload).toEqual({
      jobId: submitted.id,
      status: 'completed',
      result: { ...sync.result, cached: false },
    });
    expect(await ledger.balance(account.id)).toBe(2);
  });

  it("lists an account's recent jobs newest first, at most the limit, and none of another account's", async () => {
    const account = await accounts.create('recent@example.com', 5);
    const other = await accounts.create('recent-other@example.com', 5);
    origin.route('/hook-ok', { status: 200 });
    const submit = (accountId: string) =>
      jobs.submit(accountId, { url: `${origin.origin}/story`, callbackUrl: `${origin.origin}/hook-ok` });
    const first = await submit(account.id);
    const second = await submit(account.id);
    const third = await submit(account.id);
    await submit(other.id);
    await settled(account.id, third.id);

    const recent = await jobs.recent(account.id, 2);
    expect(recent.map((job) => job.id)).toEqual(
      [first, second, third]
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
        .slice(0, 2)
        .map((job) => job.id),
    );
    expect(recent.every((job) => job.accountId === account.id)).toBe(true);
    expect((await jobs.recent(account.id, 10)).map((job) => job.id).sort()).toEqual(
      [first.id, second.id, third.id].sort(),
    );
  });

  it('records a callback attempt before sending it, so a send in flight is already counted', async () => {
    const account = await accounts.create('held@example.com', 3);
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) =>
      origin.route('/hook-held', {
        handle: (_request, response) => {
          answer = () => response.writeHead(200).end();
          resolve();
        },
      }),
    );
    const submitted = await jobs.submit(account.id, {
      url: `${origin.origin}/story`,
      callbackUrl: `${origin.origin}/hook-held`,
    });
    await arrived;
    expect((await jobs.get(account.id, submitted.id)).delivery).toEqual({ status: 'pending', attempts: 1 });
    answer();
    const job = await settled(account.id, submitted.id);
    expect(job.delivery).toEqual({ status: 'delivered', attempts: 1, lastStatusCode: 200 });
    expect(origin.hits('/hook-held')).toBe(1);
  });

  it('stops after the configured attempts when the receiver never accepts, and still charges once', async () => {
    const account = await accounts.create('never@example.com', 3);
    const received: Received[] = [];
    origin.route('/hook-never', receiver([503], received));
    const submitted = await jobs.submit(account.id, {
      url: `${origin.origin}/story`,
      callbackUrl: `${origin.origin}/hook-never`,
    });
    const job = await settled(account.id, submitted.id);
    expect(job.delivery).toEqual({
      status: 'failed',
      attempts: 4,
      lastStatusCode: 503,
      lastError: expect.any(String),
    });
    expect(received).toHaveLength(4);
    expect(await ledger.balance(account.id)).toBe(2);
  });

  it('stops at once when the receiver answers 410 Gone', async () => {
    const account = await accounts.create('gone@example.com', 3);
    const received: Received[] = [];
    origin.route('/hook-gone', receiver([410], received));
    const job = await settled(
      account.id,
      (
        await jobs.submit(account.id, {
          url: `${origin.origin}/story`,
          callbackUrl: `${origin.origin}/hook-gone`,
        })
      ).id,
    );
    expect(job.delivery).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 410 });
    expect(received).toHaveLength(1);
  });

  it('reports a permanent scrape failure in the callback without retrying it or charging', async () => {
    const account = await accounts.create('fail@example.com', 3);
    const received: Received[] = [];
    origin.route('/hook-ok', receiver([204], received));
    const submitted = await jobs.submit(account.id, {
      url: `${origin.origin}/missing`,
      callbackUrl: `${origin.origin}/hook-ok`,
    });
    const job = await settled(account.id, submitted.id);
    expect(job).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: { error: 'URL_NOT_FOUND', url: `${origin.origin}/missing` },
    });
    expect(JSON.parse(received[0].body)).toEqual({
      jobId: submitted.id,
      status: 'failed',
      error: { error: 'URL_NOT_FOUND', message: expect.any(String), url: `${origin.origin}/missing` },
    });
    expect(await ledger.balance(account.id)).toBe(3);
    expect(await ledger.reserved(account.id)).toBe(0);
  });

  it('retries a transient origin failure and completes', async () => {
    const account = await accounts.create('flaky@example.com', 3);
    let calls = 0;
    origin.route('/flaky', () => (++calls < 3 ? { status: 503 } : { body: story }));
    origin.route('/hook-flaky', { status: 200 });
    const job = await settled(
      account.id,
      (
        await jobs.submit(account.id, {
          url: `${origin.origin}/flaky`,
          callbackUrl: `${origin.origin}/hook-flaky`,
        })
      ).id,
    );
    expect(job).toMatchObject({ status: 'completed', attempts: 3, delivery: { status: 'delivered' } });
    expect(await ledger.balance(account.id)).toBe(2);
  });

  it('reserves the price at submission: of 6 concurrent jobs with credits for 2, 4 get 402 and fetch nothing', async () => {
    const account = await accounts.create('spender@example.com', 2);
    const paths = Array.from({ length: 6 }, (_, i) => `/spend-${i}`);
    for (const path of paths) origin.route(path, { body: story });
    origin.route('/hook-spend', { status: 200 });
    const results = await Promise.allSettled(
      paths.map((path) =>
        jobs.submit(account.id, {
          url: `${origin.origin}${path}`,
          callbackUrl: `${origin.origin}/hook-spend`,
        }),
      ),
    );
    const accepted = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(accepted).toHaveLength(2);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected'))
      expect(r.reason).toBeInstanceOf(PaymentRequiredError);
    for (const job of accepted) expect((await settled(account.id, job.id)).status).toBe('completed');
    results.forEach((r, i) => expect(origin.hits(paths[i])).toBe(r.status === 'fulfilled' ? 1 : 0));
    expect(await ledger.balance(account.id)).toBe(0);
    expect(await ledger.reserved(account.id)).toBe(0);
    expect(await ledger.usageSince(account.id, new Date(0))).toEqual({
      scrapeAsync: { count: 2, credits: 2 },
    });
  });

  it('refuses private URLs, an empty balance, and other accounts', async () => {
    const account = await accounts.create('rules@example.com', 0);
    const other = await accounts.create('other@example.com', 5);
    const privateCallback = await jobs
      .submit(other.id, { url: `${origin.origin}/story`, callbackUrl: 'http://127.0.0.1:9/hook' })
      .catch((e: unknown) => e);
    expect(privateCallback).toBeInstanceOf(InvalidRequestError);
    expect((privateCallback as InvalidRequestError).toBody()).toMatchObject({
      details: { callbackUrl: expect.any(String) },
    });
    await expect(
      jobs.submit(account.id, { url: `${origin.origin}/story`, callbackUrl: `${origin.origin}/hook-ok` }),
    ).rejects.toBeInstanceOf(PaymentRequiredError);
    origin.route('/hook-quiet', { status: 200 });
    const job = await jobs.submit(other.id, {
      url: `${origin.origin}/story`,
      callbackUrl: `${origin.origin}/hook-quiet`,
    });
    await expect(jobs.get(account.id, job.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(jobs.get(other.id, 'no-such-job')).rejects.toBeInstanceOf(NotFoundError);
    await settled(other.id, job.id);
  });

  it('answers URL_NOT_FOUND for a URL whose host does not resolve, as a sync scrape does', async () => {
    const account = await accounts.create('unresolved@example.com', 5);
    const error = await jobs
      .submit(account.id, { url: 'http://quarry-nowhere.invalid/', callbackUrl: `${origin.origin}/hook-ok` })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ScrapeError);
    expect((error as ScrapeError).toBody()).toEqual({
      error: 'URL_NOT_FOUND',
      message: expect.any(String),
      url: 'http://quarry-nowhere.invalid/',
    });
  });

  it('accepts a callback host that does not resolve yet and records each failed delivery', async () => {
    const account = await accounts.create('later@example.com', 5);
    const job = await jobs.submit(account.id, {
      url: `${origin.origin}/story`,
      callbackUrl: 'https://hooks.quarry-nowhere.invalid/quarry',
    });
    const done = await settled(account.id, job.id);
    expect(done).toMatchObject({
      status: 'completed',
      delivery: { status: 'failed', attempts: 4, lastError: 'host not found' },
    });
  });

  it.each(['http://localhost./hook', 'http://a.localhost/hook', 'http://[::1]/hook'])(
    'refuses the local callback %s with details.callbackUrl',
    async (callbackUrl) => {
      const account = await accounts.create(`local-${callbackUrl.length}@example.com`, 5);
      const error = await jobs
        .submit(account.id, { url: `${origin.origin}/story`, callbackUrl })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidRequestError);
      expect((error as InvalidRequestError).toBody()).toMatchObject({
        details: { callbackUrl: expect.any(String) },
      });
    },
  );
});
