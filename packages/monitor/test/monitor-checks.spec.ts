import { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { AccountsService, CreditLedger } from '@quarry/accounts';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { MonitorCheck, MonitorsService } from '../src';
import { MonitorStore } from '../src/ports/monitor.store';
import {
  createMonitorTestContext,
  eventually,
  MonitorTestContext,
  monitorEngines,
} from './support/monitor-test-module';
import { SmtpSink, startSmtpSink } from './support/smtp-sink';

const original = [
  'The first paragraph of the tracked page stays the same through every check of this test.',
  'Opening hours are Monday to Friday, from nine in the morning until five in the afternoon.',
  'A third paragraph in the middle of the page that nobody ever edits, kept for context.',
  'The price of the basic plan is ten euros per month, billed once a year in advance.',
  'The last paragraph closes the page with a friendly note to every reader who got this far.',
];

function page(lines: string[], title = 'Tracked page'): string {
  return `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>
${lines.map((line) => `<p>${line}</p>`).join('\n')}</article></body></html>`;
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe.each(monitorEngines())('monitor checks on %s', (_name, engine) => {
  let origin: FixtureServer;
  let smtp: SmtpSink;
  let context: MonitorTestContext;
  let monitors: MonitorsService;
  let store: MonitorStore;
  let accounts: AccountsService;
  let ledger: CreditLedger;
  const hooks: Received[] = [];
  let content = original;

  beforeAll(async () => {
    origin = await startFixtureServer({
      '/page': () => ({ body: page(content) }),
      '/hook': (request, body) => {
        hooks.push({ headers: request.headers, body: body.toString('utf8') });
        return { status: 204 };
      },
    });
    smtp = await startSmtpSink();
    context = await createMonitorTestContext({
      engine,
      allowHosts: [origin.hostPort],
      options: { smtpUrl: smtp.url, webhookBackoffMs: 50, emailBackoffMs: 50 },
    });
    monitors = context.moduleRef.get(MonitorsService);
    store = context.moduleRef.get(MonitorStore);
    accounts = context.moduleRef.get(AccountsService);
    ledger = context.moduleRef.get(CreditLedger);
  });
  afterAll(async () => {
    await context.close();
    await smtp.close();
    await origin.close();
  });

  const checksOf = (accountId: string, id: string) => monitors.checks(accountId, id, { limit: 200 });
  async function nextCheck(accountId: string, id: string, count: number): Promise<MonitorCheck> {
    const checks = await eventually(
      () => checksOf(accountId, id),
      (list) => list.length >= count,
    );
    return checks[0];
  }
  async function runNow(accountId: string, id: string, expected: number): Promise<MonitorCheck> {
    await new Promise((resolve) => setTimeout(resolve, 2));
    await monitors.runNow(accountId, id);
    return nextCheck(accountId, id, expected);
  }

  it('records a baseline, then unchanged, then a change with its line diff, an email and a signed webhook', async () => {
    content = original;
    const account = await accounts.create('owner@example.com', 20);
    const created = await monitors.create(account.id, {
      url: `${origin.origin}/page`,
      notifications: { webhook: { url: `${origin.origin}/hook` } },
    });
    expect(created.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.monitor).toMatchObject({
      status: 'active',
      intervalMinutes: 60,
      consecutiveFailures: 0,
      lastCheckedAt: null,
      lastChangedAt: null,
    });
    expect(created.monitor.channels).toEqual([
      { id: expect.any(String), type: 'email', destination: 'owner@example.com', enabled: true },
      { id: expect.any(String), type: 'webhook', destination: `${origin.origin}/hook`, enabled: true },
    ]);
    const id = created.monitor.id;

    const baseline = await nextCheck(account.id, id, 1);
    expect(baseline).toMatchObject({
      monitorId: id,
      outcome: 'baseline',
      scrapeTier: 'http',
      errorCode: null,
      errorMessage: null,
    });
    expect(baseline.durationMs).toBeGreaterThanOrEqual(0);
    expect(await ledger.balance(account.id)).toBe(19);

    expect(await runNow(account.id, id, 2)).toMatchObject({ outcome: 'unchanged', scrapeTier: 'http' });
    expect(origin.hits('/page')).toBeGreaterThanOrEqual(2);

    content = [
      original[0],
      'Opening hours are Monday to Saturday, from eight in the morning until six in the evening.',
      original[2],
      'The price of the basic plan is twelve euros per month, billed once a year in advance.',
      original[4],
    ];
    const changed = await runNow(account.id, id, 3);
    expect(changed.outcome).toBe('changed');
    const [event] = await monitors.events(account.id, id, { limit: 50 });
    expect(event.summary).toEqual({
      addedLines: [content[1], content[3]],
      removedLines: [original[1], original[3]],
      addedCount: 2,
      removedCount: 2,
      unifiedDiff: expect.stringMatching(/^@@ -\d+,\d+ \+\d+,\d+ @@\n/),
    });
    const diff = event.summary.unifiedDiff!.split('\n');
    expect(diff).toEqual(
      expect.arrayContaining([` ${original[0]}`, `-${original[1]}`, `+${content[1]}`, ` ${original[2]}`]),
    );
    expect(event).toMatchObject({
      monitorId: id,
      previousTitle: 'Tracked page',
      currentTitle: 'Tracked page',
    });
    expect(event.previousHash).toMatch(/^[0-9a-f]{64}$/);
    expect(event.currentHash).not.toBe(event.previousHash);
    const monitor = await monitors.get(account.id, id);
    expect(monitor.lastChangedAt).toEqual(changed.checkedAt);
    expect(monitor.lastCheckedAt).toEqual(changed.checkedAt);
    expect(await ledger.balance(account.id)).toBe(17);

    const mail = (
      await eventually(
        async () => smtp.messages.filter((m) => m.to.includes('owner@example.com')),
        (list) => list.length >= 1,
      )
    )[0];
    expect(mail.subject).toContain('Tracked page');
    for (const line of [content[1], content[3]]) {
      expect(mail.text).toContain(`+ ${line}`);
      expect(mail.html).toContain(line);
    }
    for (const line of [original[1], original[3]]) expect(mail.text).toContain(`- ${line}`);
    expect(mail.text).toContain(`${origin.origin}/page`);
    expect(mail.html).toContain(`href="${origin.origin}/page"`);

    await eventually(
      async () => hooks.length,
      (n) => n >= 1,
    );
    const payload = new Webhook(created.webhookSecret).verify(
      hooks[0].body,
      hooks[0].headers as Record<string, string>,
    ) as { type: string; monitor: Record<string, unknown>; event: unknown };
    expect(payload.type).toBe('monitor.changed');
    expect(payload.monitor).toMatchObject({ id, url: `${origin.origin}/page`, status: 'active' });
    expect(payload.monitor).not.toHaveProperty('webhookSecret');
    expect(payload.event).toEqual(JSON.parse(JSON.stringify(event)));
    const notifications = await eventually(
      () => store.notifications(id),
      (list) => list.every((n) => n.status === 'delivered'),
    );
    expect(notifications.map((n) => n.channelType).sort()).toEqual(['email', 'webhook']);
    expect(smtp.messages).toHaveLength(1);
    expect(hooks).toHaveLength(1);
  });

  it('signs the webhook of a monitor created with a plain-text secret with that text as the key', async () => {
    content = original;
    const secret = 'a plain-text secret, not base64!';
    const account = await accounts.create('plain@example.com', 5);
    const created = await monitors.create(account.id, {
      url: `${origin.origin}/page`,
      notifications: { email: false, webhook: { url: `${origin.origin}/hook`, secret } },
    });
    expect(created.webhookSecret).toBe(secret);
    const id = created.monitor.id;
    await nextCheck(account.id, id, 1);
    content = [
      ...original.slice(0, 4),
      'A new closing paragraph that was not on the page before this check.',
    ];
    await runNow(account.id, id, 2);

    const hook = await eventually(
      async () => hooks.find((received) => received.body.includes(id)),
      (found) => found !== undefined,
    );
    const raw = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
    expect(raw.verify(hook!.body, hook!.headers as Record<string, string>)).toMatchObject({
      type: 'monitor.changed',
      monitor: { id },
    });
    content = original;
  });

  it('records a webhook notification attempt before sending it, so a send in flight is already counted', async () => {
    const account = await accounts.create('held@example.com', 20);
    let lines = original;
    origin.route('/held-page', () => ({ body: page(lines, 'Held page') }));
    let answer!: () => void;
    const arrived = new Promise<void>((resolve) =>
      origin.route('/held-hook', {
        handle: (_request, response) => {
          answer = () => response.writeHead(204).end();
          resolve();
        },
      }),
    );
    const { monitor } = await monitors.create(account.id, {
      url: `${origin.origin}/held-page`,
      notifications: { email: false, webhook: { url: `${origin.origin}/held-hook` } },
    });
    expect((await nextCheck(account.id, monitor.id, 1)).outcome).toBe('baseline');
    lines = [
      ...original.slice(0, 4),
      'A new closing paragraph that makes this check a change worth a webhook.',
    ];
    expect((await runNow(account.id, monitor.id, 2)).outcome).toBe('changed');
    await arrived;
    const webhookOf = async () =>
      (await store.notifications(monitor.id)).find((n) => n.channelType === 'webhook');
    expect(await webhookOf()).toMatchObject({ status: 'pending', attempts: 1 });
    answer();
    await eventually(webhookOf, (n) => n?.status === 'delivered');
    expect(await webhookOf()).toMatchObject({ status: 'delivered', attempts: 1, lastStatusCode: 204 });
    expect(origin.hits('/held-hook')).toBe(1);
  });

  it('stops a webhook notification at once when its receiver answers 410, as a job callback does', async () => {
    const account = await accounts.create('gone@example.com', 20);
    let lines = original;
    origin.route('/gone-page', () => ({ body: page(lines, 'Gone page') }));
    origin.route('/gone-hook', () => ({ status: 410, body: '' }));
    const { monitor } = await monitors.create(account.id, {
      url: `${origin.origin}/gone-page`,
      notifications: { email: false, webhook: { url: `${origin.origin}/gone-hook` } },
    });
    expect((await nextCheck(account.id, monitor.id, 1)).outcome).toBe('baseline');
    lines = [...original.slice(0, 4), 'A closing paragraph for a receiver that has gone away.'];
    expect((await runNow(account.id, monitor.id, 2)).outcome).toBe('changed');
    const webhookOf = async () =>
      (await store.notifications(monitor.id)).find((n) => n.channelType === 'webhook');
    await eventually(webhookOf, (n) => n?.status === 'failed');
    expect(await webhookOf()).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 410 });
    expect(origin.hits('/gone-hook')).toBe(1);
  });

  it('records an origin failure as an error, keeps the last good content, and resets the counter on success', async () => {
    content = original;
    const account = await accounts.create('flaky@example.com', 20);
    const url = `${origin.origin}/flaky`;
    let failing = false;
    origin.route('/flaky', () =>
      failing ? { status: 500, body: 'boom' } : { body: page(original, 'Flaky page') },
    );
    const { monitor } = await monitors.create(account.id, { url, notifications: { email: false } });
    expect(monitor.channels).toEqual([
      { id: expect.any(String), type: 'email', destination: 'flaky@example.com', enabled: false },
    ]);
    expect((await nextCheck(account.id, monitor.id, 1)).outcome).toBe('baseline');

    failing = true;
    const error = await runNow(account.id, monitor.id, 2);
    expect(error).toMatchObject({
      outcome: 'error',
      errorCode: 'ORIGIN_ERROR',
      scrapeTier: null,
      errorMessage: expect.any(String),
    });
    expect((await monitors.get(account.id, monitor.id)).consecutiveFailures).toBe(1);
    await runNow(account.id, monitor.id, 3);
    expect((await monitors.get(account.id, monitor.id)).consecutiveFailures).toBe(2);
    expect(await ledger.balance(account.id)).toBe(19);

    failing = false;
    expect(await runNow(account.id, monitor.id, 4)).toMatchObject({ outcome: 'unchanged' });
    expect((await monitors.get(account.id, monitor.id)).consecutiveFailures).toBe(0);
    expect(await store.notifications(monitor.id)).toEqual([]);
  });

  it('pauses a monitor after 10 failures in a row and notifies once', async () => {
    const account = await accounts.create('broken@example.com', 5);
    const hooked: Received[] = [];
    origin.route('/broken', { status: 503 });
    origin.route('/broken-hook', (request, body) => {
      hooked.push({ headers: request.headers, body: body.toString('utf8') });
      return { status: 200 };
    });
    const before = smtp.messages.length;
    const created = await monitors.create(account.id, {
      url: `${origin.origin}/broken`,
      notifications: { webhook: { url: `${origin.origin}/broken-hook` } },
    });
    const id = created.monitor.id;
    await nextCheck(account.id, id, 1);
    for (let n = 2; n <= 10; n++) await runNow(account.id, id, n);
    const paused = await monitors.get(account.id, id);
    expect(paused).toMatchObject({ status: 'paused', consecutiveFailures: 10 });
    await expect(monitors.runNow(account.id, id)).rejects.toMatchObject({ status: 404 });

    const mails = await eventually(
      async () => smtp.messages.slice(before).filter((m) => m.to.includes('broken@example.com')),
      (list) => list.length >= 1,
    );
    expect(mails[0].subject).toContain('Monitoring paused');
    await eventually(
      async () => hooked.length,
      (n) => n >= 1,
    );
    expect(
      new Webhook(created.webhookSecret).verify(hooked[0].body, hooked[0].headers as Record<string, string>),
    ).toMatchObject({ type: 'monitor.paused', monitor: { id, status: 'paused' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mails).toHaveLength(1);
    expect(hooked).toHaveLength(1);
    expect(await ledger.balance(account.id)).toBe(5);

    const resumed = await monitors.update(account.id, id, { status: 'active' });
    expect(resumed).toMatchObject({ status: 'active', consecutiveFailures: 0 });
    expect((await nextCheck(account.id, id, 11)).outcome).toBe('error');
  });

  it('records a check the account cannot pay for as payment_required, without scraping', async () => {
    const account = await accounts.create('poor@example.com', 1);
    origin.route('/poor', { body: page(original, 'Poor page') });
    const { monitor } = await monitors.create(account.id, { url: `${origin.origin}/poor` });
    expect((await nextCheck(account.id, monitor.id, 1)).outcome).toBe('baseline');
    expect(await ledger.balance(account.id)).toBe(0);
    const hits = origin.hits('/poor');
    expect(await runNow(account.id, monitor.id, 2)).toMatchObject({
      outcome: 'error',
      errorCode: 'payment_required',
    });
    expect(origin.hits('/poor')).toBe(hits);
    await expect(monitors.create(account.id, { url: `${origin.origin}/poor` })).rejects.toMatchObject({
      status: 402,
      code: 'payment_required',
    });
  });
});
