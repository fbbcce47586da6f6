import { AccountsService } from '@quarry/accounts';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { MonitorsService } from '../src';
import { MonitorCheckRunner } from '../src/domain/monitor-check.runner';
import { MONITOR_SETTINGS, MonitorSettings, resolveMonitorSettings } from '../src/monitor-options.interface';
import { MonitorStore } from '../src/ports/monitor.store';
import {
  createMonitorTestContext,
  eventually,
  MonitorTestContext,
  monitorEngines,
} from './support/monitor-test-module';

const article = `<!doctype html><html><head><title>Service page</title></head><body><article><h1>Service page</h1>
<p>${'A paragraph of readable text that a monitor watches for changes over time, sentence after sentence. '.repeat(3)}</p></article></body></html>`;

describe.each(monitorEngines())('MonitorsService on %s', (_name, engine) => {
  let origin: FixtureServer;
  let context: MonitorTestContext;
  let monitors: MonitorsService;
  let accounts: AccountsService;
  let runner: MonitorCheckRunner;
  let store: MonitorStore;

  beforeAll(async () => {
    origin = await startFixtureServer({ '/page': { body: article } });
    context = await createMonitorTestContext({
      engine,
      allowHosts: [origin.hostPort],
      options: { maxMonitorsPerAccount: 3, checkRetention: 20, eventRetention: 20 },
    });
    monitors = context.moduleRef.get(MonitorsService);
    accounts = context.moduleRef.get(AccountsService);
    runner = context.moduleRef.get(MonitorCheckRunner);
    store = context.moduleRef.get(MonitorStore);
  });
  afterAll(async () => {
    await context.close();
    await origin.close();
  });

  const url = () => `${origin.origin}/page`;

  it('rejects private page and webhook URLs, bad intervals and unusable secrets with 400 and the field', async () => {
    const account = await accounts.create('rules@example.com', 10);
    const cases: [Parameters<MonitorsService['create']>[1], string][] = [
      [{ url: 'http://169.254.169.254/latest/meta-data' }, 'url'],
      [{ url: 'http://10.0.0.1/' }, 'url'],
      [{ url: 'ftp://example.com/file' }, 'url'],
      [{ url: 'http://a.localhost/' }, 'url'],
      [{ url: 'http://quarry-nowhere.invalid/' }, 'url'],
      [
        { url: url(), notifications: { webhook: { url: 'http://localhost./hook' } } },
        'notifications.webhook.url',
      ],
      [
        { url: url(), notifications: { webhook: { url: 'http://127.0.0.1:9/hook' } } },
        'notifications.webhook.url',
      ],
      [{ url: url(), intervalMinutes: 4 }, 'intervalMinutes'],
      [{ url: url(), intervalMinutes: 10081 }, 'intervalMinutes'],
      [
        { url: url(), notifications: { webhook: { url: url(), secret: 'short' } } },
        'notifications.webhook.secret',
      ],
      [
        { url: url(), notifications: { webhook: { url: url(), secret: 'x'.repeat(257) } } },
        'notifications.webhook.secret',
      ],
    ];
    for (const [request, field] of cases) {
      await expect(monitors.create(account.id, request)).rejects.toMatchObject({
        status: 400,
        code: 'invalid_request',
        extra: { details: { [field]: expect.any(String) } },
      });
    }
    expect(await monitors.list(account.id)).toEqual([]);
  });

  it('accepts a webhook host that does not resolve yet, as each notification checks it again', async () => {
    const account = await accounts.create('later-hook@example.com', 10);
    const created = await monitors.create(account.id, {
      url: url(),
      notifications: { email: false, webhook: { url: 'https://hooks.quarry-nowhere.invalid/quarry' } },
    });
    expect(created.monitor.channels).toContainEqual(
      expect.objectContaining({
        type: 'webhook',
        destination: 'https://hooks.quarry-nowhere.invalid/quarry',
      }),
    );
    await monitors.remove(account.id, created.monitor.id);
  });

  it('keeps a supplied secret, lists newest first, hides foreign monitors, and enforces the per-account limit', async () => {
    const account = await accounts.create('lister@example.com', 10);
    const other = await accounts.create('other@example.com', 10);
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const first = await monitors.create(account.id, {
      url: url(),
      intervalMinutes: 5,
      notifications: { webhook: { url: url(), secret } },
    });
    expect(first.webhookSecret).toBe(secret);
    await new Promise((resolve) => setTimeout(resolve, 2));
    const second = await monitors.create(account.id, { url: url() });
    await new Promise((resolve) => setTimeout(resolve, 2));
    const third = await monitors.create(account.id, { url: url() });
    expect((await monitors.list(account.id)).map((m) => m.id)).toEqual([
      third.monitor.id,
      second.monitor.id,
      first.monitor.id,
    ]);
    expect(JSON.stringify(await monitors.list(account.id))).not.toContain(secret);
    await expect(monitors.create(account.id, { url: url() })).rejects.toMatchObject({
      status: 409,
      code: 'monitor_limit_reached',
    });

    for (const call of [
      () => monitors.get(other.id, first.monitor.id),
      () => monitors.update(other.id, first.monitor.id, { status: 'paused' }),
      () => monitors.remove(other.id, first.monitor.id),
      () => monitors.runNow(other.id, first.monitor.id),
      () => monitors.checks(other.id, first.monitor.id, { limit: 5 }),
      () => monitors.events(other.id, first.monitor.id, { limit: 5 }),
      () => monitors.get(account.id, '00000000-0000-4000-8000-000000000000'),
      () => monitors.get(account.id, 'not-a-uuid'),
    ]) {
      await expect(call()).rejects.toMatchObject({
        status: 404,
        code: 'not_found',
        message: 'No such monitor.',
      });
    }
  });

  it('pauses, changes the interval, resumes, and deletes with the whole history', async () => {
    const account = await accounts.create('lifecycle@example.com', 10);
    const { monitor } = await monitors.create(account.id, { url: url() });
    await eventually(
      () => monitors.checks(account.id, monitor.id, { limit: 10 }),
      (list) => list.length === 1,
    );
    const paused = await monitors.update(account.id, monitor.id, { status: 'paused', intervalMinutes: 30 });
    expect(paused).toMatchObject({ status: 'paused', intervalMinutes: 30 });
    expect(paused.updatedAt.getTime()).toBeGreaterThanOrEqual(monitor.updatedAt.getTime());
    await expect(monitors.runNow(account.id, monitor.id)).rejects.toMatchObject({ status: 404 });

    await monitors.update(account.id, monitor.id, { status: 'active' });
    await eventually(
      () => monitors.checks(account.id, monitor.id, { limit: 10 }),
      (list) => list.length === 2,
    );
    const record = await store.get(monitor.id);
    expect(record!.nextCheckAt.getTime()).toBeGreaterThan(Date.now() + 27 * 60_000);

    await monitors.remove(account.id, monitor.id);
    await expect(monitors.get(account.id, monitor.id)).rejects.toMatchObject({ status: 404 });
    for (const table of [
      'quarry_monitor_checks',
      'quarry_monitor_channels',
      'quarry_monitor_events',
      'quarry_monitor_notifications',
    ]) {
      const rows = await context.database.dataSource.query(
        `SELECT COUNT(*) AS n FROM ${table} WHERE monitor_id = '${monitor.id}'`,
      );
      expect(Number(rows[0].n)).toBe(0);
    }
  });

  it('pages checks newest first with limit and before, returning each check exactly once', async () => {
    const account = await accounts.create('pager@example.com', 50);
    const { monitor } = await monitors.create(account.id, { url: url() });
    await eventually(
      () => monitors.checks(account.id, monitor.id, { limit: 10 }),
      (list) => list.length === 1,
    );
    const base = Date.now();
    // Concurrent checks of one monitor land in the same millisecond; their times stay distinct.
    await Promise.all(Array.from({ length: 11 }, (_, i) => runner.run(monitor.id, base + i)));
    const seen: string[] = [];
    let before: Date | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const page = await monitors.checks(account.id, monitor.id, { limit: 5, before });
      if (page.length === 0) break;
      for (let i = 1; i < page.length; i++)
        expect(page[i - 1].checkedAt.getTime()).toBeGreaterThan(page[i].checkedAt.getTime());
      seen.push(...page.map((c) => c.id));
      before = page[page.length - 1].checkedAt;
    }
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    const outcomes = (await monitors.checks(account.id, monitor.id, { limit: 200 })).map((c) => c.outcome);
    expect(outcomes.filter((o) => o === 'baseline')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'unchanged')).toHaveLength(11);
    expect(await runner.run(monitor.id, base)).toBeUndefined();
    expect((await monitors.checks(account.id, monitor.id, { limit: 200 })).length).toBe(12);
  });

  it('keeps only the newest checks (with what they read) and events set by the retention options', async () => {
    const account = await accounts.create('retention@example.com', 100);
    let version = 0;
    origin.route('/changing', () => ({
      body: article.replace(
        'Service page</h1>',
        `Service page</h1><p>Version ${version} of the page, with its own line.</p>`,
      ),
    }));
    const { monitor } = await monitors.create(account.id, {
      url: `${origin.origin}/changing`,
      notifications: { email: false },
    });
    await eventually(
      () => monitors.checks(account.id, monitor.id, { limit: 10 }),
      (list) => list.length === 1,
    );
    const [baseline] = await monitors.checks(account.id, monitor.id, { limit: 1 });
    const base = Date.now();
    for (let i = 1; i <= 24; i++) {
      version = i;
      await runner.run(monitor.id, base + i);
    }
    const checks = await monitors.checks(account.id, monitor.id, { limit: 200 });
    const events = await monitors.events(account.id, monitor.id, { limit: 200 });
    expect(checks).toHaveLength(20);
    expect(events).toHaveLength(20);
    const oldestKept = await monitors.snapshot(account.id, monitor.id, checks[19].id);
    expect(oldestKept.text).toContain('Version 5 of the page');
    await expect(monitors.snapshot(account.id, monitor.id, baseline.id)).rejects.toThrow(/no longer kept/);
    const [{ kept }] = (await context.database.dataSource.query(
      `SELECT COUNT(*) AS kept FROM quarry_monitor_snapshots WHERE monitor_id = '${monitor.id}'`,
    )) as { kept: string | number }[];
    expect(Number(kept)).toBe(20);
    expect(events[0].summary).toMatchObject({
      addedLines: ['Version 24 of the page, with its own line.'],
      removedLines: ['Version 23 of the page, with its own line.'],
      addedCount: 1,
      removedCount: 1,
    });
  });
});

describe('MonitorModule options', () => {
  let origin: FixtureServer;
  beforeAll(async () => {
    origin = await startFixtureServer({});
  });
  afterAll(() => origin.close());

  it.each([false, true])(
    'applies defaults and given options alike through forRoot and forRootAsync (async: %s)',
    async (async) => {
      const context = await createMonitorTestContext({
        engine: { database: 'sqlite', queue: 'database' },
        allowHosts: [],
        async,
        options: { maxMonitorsPerAccount: 7 },
      });
      try {
        const settings = context.moduleRef.get<MonitorSettings>(MONITOR_SETTINGS);
        expect(settings).toMatchObject({
          maxMonitorsPerAccount: 7,
          runScheduler: false,
          defaultIntervalMinutes: 60,
          checkRetention: 1000,
          eventRetention: 1000,
          maxConsecutiveFailures: 10,
          schedulerIntervalMs: 5000,
        });
      } finally {
        await context.close();
      }
    },
  );

  it('rejects invalid options at boot', () => {
    expect(() => resolveMonitorSettings({ defaultIntervalMinutes: 2 })).toThrow(/defaultIntervalMinutes/);
    expect(() => resolveMonitorSettings({ checkRetention: 0 })).toThrow(/checkRetention/);
    expect(() => resolveMonitorSettings({ smtpUrl: 'http://mail' })).toThrow(/smtpUrl/);
    expect(() => resolveMonitorSettings({ jitterRatio: 2 })).toThrow(/jitterRatio/);
  });
});
