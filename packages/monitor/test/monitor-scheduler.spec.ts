import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptionsFromUrl } from '@quarry/persistence';
import { AccountsService } from '@quarry/accounts';
import { FixtureServer, startFixtureServer, TestDatabase } from '@quarry/testing';
import { MonitorsService } from '../src';
import { MonitorStore } from '../src/ports/monitor.store';
import {
  createMonitorTestContext,
  eventually,
  MonitorTestContext,
  monitorEngines,
  schemaParts,
} from './support/monitor-test-module';

const article = `<!doctype html><html><head><title>Scheduled page</title></head><body><article><h1>Scheduled page</h1>
<p>${'Readable text of a page that the scheduler checks once per interval and never twice. '.repeat(3)}</p></article></body></html>`;

/** Makes every active monitor (or the given ones) due now, as if their interval had passed. */
async function makeDue(dataSource: DataSource, ids?: string[]): Promise<void> {
  const where = ids ? `WHERE id IN (${ids.map((id) => `'${id}'`).join(', ')})` : '';
  await dataSource.query(`UPDATE quarry_monitors SET next_check_at = ${Date.now() - 1000} ${where}`);
}

async function checkCounts(dataSource: DataSource): Promise<Map<string, number>> {
  const rows: { monitor_id: string; n: string | number }[] = await dataSource.query(
    'SELECT monitor_id, COUNT(*) AS n FROM quarry_monitor_checks GROUP BY monitor_id',
  );
  return new Map(rows.map((row) => [row.monitor_id, Number(row.n)]));
}

describe.each(monitorEngines())('MonitorScheduler on %s', (_name, engine) => {
  let origin: FixtureServer;
  beforeAll(async () => {
    origin = await startFixtureServer({ '/page': { body: article } });
  });
  afterAll(() => origin.close());

  describe('one instance', () => {
    let context: MonitorTestContext;
    let monitors: MonitorsService;
    let store: MonitorStore;
    let accountId: string;

    beforeAll(async () => {
      context = await createMonitorTestContext({
        engine,
        allowHosts: [origin.hostPort],
        options: { runScheduler: true, schedulerIntervalMs: 100 },
      });
      monitors = context.moduleRef.get(MonitorsService);
      store = context.moduleRef.get(MonitorStore);
      accountId = (await context.moduleRef.get(AccountsService).create('scheduler@example.com', 100)).id;
    });
    afterAll(() => context.close());

    const checks = (id: string) => monitors.checks(accountId, id, { limit: 200 });

    it('checks a due monitor once, moves it one jittered interval on, and leaves paused monitors alone', async () => {
      const active = (await monitors.create(accountId, { url: `${origin.origin}/page`, intervalMinutes: 10 }))
        .monitor;
      const paused = (await monitors.create(accountId, { url: `${origin.origin}/page`, intervalMinutes: 10 }))
        .monitor;
      await eventually(
        async () => [(await checks(active.id)).length, (await checks(paused.id)).length],
        ([a, p]) => a === 1 && p === 1,
      );
      await monitors.update(accountId, paused.id, { status: 'paused' });

      const before = Date.now();
      await makeDue(context.database.dataSource, [active.id, paused.id]);
      await eventually(
        () => checks(active.id),
        (list) => list.length === 2,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await checks(active.id)).toHaveLength(2);
      expect(await checks(paused.id)).toHaveLength(1);
      const next = (await store.get(active.id))!.nextCheckAt.getTime();
      expect(next).toBeGreaterThanOrEqual(before + 10 * 60_000 - 60_000);
      expect(next).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 60_000);

      await monitors.update(accountId, paused.id, { status: 'active' });
      await eventually(
        () => checks(paused.id),
        (list) => list.length === 2,
      );
    });
  });

  it('with two instances sharing the database and queue, checks each of 200 due monitors exactly once per interval', async () => {
    const first = await createMonitorTestContext({
      engine,
      allowHosts: [origin.hostPort],
      options: { runScheduler: true, schedulerIntervalMs: 50, claimBatchSize: 20, checkConcurrency: 8 },
    });
    const second = await openSecondInstance(first.database, engine, origin.hostPort, first);
    try {
      const accountId = (await first.moduleRef.get(AccountsService).create('fleet@example.com', 10_000)).id;
      const store = first.moduleRef.get(MonitorStore);
      const ids: string[] = [];
      const farFuture = new Date(Date.now() + 3_600_000);
      for (let i = 0; i < 200; i++) {
        const id = randomUUIDv4();
        ids.push(id);
        await store.create(
          {
            id,
            accountId,
            url: `${origin.origin}/page`,
            name: null,
            scope: 'content',
            selector: null,
            ignore: [],
            trigger: null,
            intervalMinutes: 5,
            webhookSecret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
            nextCheckAt: farFuture,
            createdAt: new Date(),
            channels: [],
          },
          1000,
        );
      }
      const claims = [first, second.context].map((ctx) =>
        jest.spyOn(ctx.moduleRef.get(MonitorStore), 'claimDue'),
      );

      for (let interval = 1; interval <= 2; interval++) {
        await makeDue(first.database.dataSource);
        await eventually(
          () => checkCounts(first.database.dataSource),
          (counts) => ids.every((id) => (counts.get(id) ?? 0) >= interval),
          60_000,
        );
        await new Promise((resolve) => setTimeout(resolve, 500));
        const counts = await checkCounts(first.database.dataSource);
        expect(ids.filter((id) => counts.get(id) !== interval)).toEqual([]);
      }
      const claimedBy = await Promise.all(
        claims.map(async (spy) =>
          (await Promise.all(spy.mock.results.map((r) => r.value as Promise<unknown[]>))).reduce(
            (sum, rows) => sum + rows.length,
            0,
          ),
        ),
      );
      // Which instance wins each claim is a race; that both were claiming and no monitor was claimed twice is the promise.
      expect(claimedBy[0] + claimedBy[1]).toBe(400);
      expect(claims.map((spy) => spy.mock.calls.length > 0)).toEqual([true, true]);
    } finally {
      await second.close();
      await first.close();
    }
  }, 120_000);
});

function randomUUIDv4(): string {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** A second app instance: its own connection to the same database, the same queue (same Redis prefix or same job table). */
async function openSecondInstance(
  database: TestDatabase,
  engine: Parameters<typeof createMonitorTestContext>[0]['engine'],
  hostPort: string,
  first: MonitorTestContext,
) {
  const dataSource = await new DataSource(dataSourceOptionsFromUrl(database.url, schemaParts)).initialize();
  const shared: TestDatabase = {
    ...database,
    dataSource,
    destroy: async () => void (await dataSource.destroy()),
  };
  const context = await createMonitorTestContext({
    engine,
    allowHosts: [hostPort],
    database: shared,
    redisPrefix: first.redisPrefix,
    options: { runScheduler: true, schedulerIntervalMs: 50, claimBatchSize: 20, checkConcurrency: 8 },
  });
  return {
    context,
    close: async () => {
      await context.close();
      await dataSource.destroy();
    },
  };
}
