import { Test, TestingModule } from '@nestjs/testing';
import { Clock, InvalidRequestError, NotFoundError, QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { AccountsModule, AccountsService, accountsEntities, accountsMigrations } from '@quarry/accounts';
import { createTestDatabase, TestDatabase, testDatabaseEngines, testDataSourceModule } from '@quarry/testing';
import { DashboardModule, dashboardEntities, dashboardMigrations } from '../src';
import { dashboardSettings } from '../src/dashboard-options.interface';
import { DashboardCredentials } from '../src/domain/dashboard-credentials.service';
import { DashboardSessions } from '../src/domain/dashboard-sessions.service';
import { SignInLimiter } from '../src/domain/sign-in-limiter';

/** A clock the test moves by hand, so expiry is tested without waiting. */
class ManualClock extends Clock {
  constructor(private current: Date) {
    super();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

const HOUR = 60 * 60 * 1000;

describe.each(testDatabaseEngines())(
  'dashboard passwords, sessions and the sign-in limiter on %s',
  (engine) => {
    let database: TestDatabase;
    let moduleRef: TestingModule;
    let clock: ManualClock;
    let credentials: DashboardCredentials;
    let sessions: DashboardSessions;
    let accountId: string;

    beforeEach(async () => {
      clock = new ManualClock(new Date('2026-11-24T12:00:00.000Z'));
      database = await createTestDatabase(engine, {
        entities: [...accountsEntities, ...dashboardEntities],
        migrations: [...accountsMigrations, ...dashboardMigrations],
      });
      moduleRef = await Test.createTestingModule({
        imports: [
          testDataSourceModule(database.dataSource),
          QuarryCoreModule,
          QuarryDataSourceModule,
          AccountsModule.forRoot({}),
          DashboardModule.forRoot({ sessionTtlMs: HOUR, signInMaxEntries: 1000 }),
        ],
      })
        .overrideProvider(Clock)
        .useValue(clock)
        .compile();
      credentials = moduleRef.get(DashboardCredentials);
      sessions = moduleRef.get(DashboardSessions);
      accountId = (await moduleRef.get(AccountsService).create('Holder@Example.com', 0)).id;
    });
    afterEach(async () => {
      await moduleRef.close();
      await database.destroy();
    });

    it('signs in with the password set for the email, in any case, and with nothing else', async () => {
      expect(await credentials.setPassword('Holder@Example.com', 'a long enough password')).toBe(accountId);
      expect(await credentials.verify('holder@example.com', 'a long enough password')).toBe(accountId);
      expect(await credentials.verify('holder@example.com', 'a long enough passwore')).toBeUndefined();
      expect(await credentials.verify('nobody@example.com', 'a long enough password')).toBeUndefined();
    });

    it('refuses a short password, an unknown email, and an email several accounts share', async () => {
      await expect(credentials.setPassword('Holder@Example.com', 'short')).rejects.toThrow(
        InvalidRequestError,
      );
      await expect(credentials.setPassword('nobody@example.com', 'a long enough password')).rejects.toThrow(
        NotFoundError,
      );
      await moduleRef.get(AccountsService).create('Holder@Example.com', 0);
      await expect(credentials.setPassword('Holder@Example.com', 'a long enough password')).rejects.toThrow(
        /Several accounts/,
      );
    });

    it('ends a session at sign-out, at expiry, and when the password is set again', async () => {
      await credentials.setPassword('Holder@Example.com', 'a long enough password');
      const first = await sessions.start(accountId);
      const second = await sessions.start(accountId);
      expect(await sessions.find(first.token)).toEqual(first.session);
      expect(await sessions.find('not a token')).toBeUndefined();

      await sessions.revoke(first.token);
      expect(await sessions.find(first.token)).toBeUndefined();
      expect(await sessions.find(second.token)).toBeDefined();

      clock.advance(HOUR);
      expect(await sessions.find(second.token)).toBeUndefined();

      const third = await sessions.start(accountId);
      await credentials.setPassword('Holder@Example.com', 'another long password');
      expect(await sessions.find(third.token)).toBeUndefined();
    });

    it('makes a key wait after its free failures, twice as long after each further one, up to the cap', () => {
      const limiter = moduleRef.get(SignInLimiter);
      const key = SignInLimiter.accountKey('Holder@Example.com');
      const waits: number[] = [];
      for (let i = 0; i < 14; i++) {
        waits.push(limiter.waitMs(key, 2));
        limiter.fail(key);
      }
      expect(waits.slice(0, 3)).toEqual([0, 0, 1000]);
      expect(limiter.waitMs(key, 2)).toBe(dashboardSettings({}).signInMaxDelayMs);
      clock.advance(1000);
      expect(limiter.waitMs(key, 2)).toBe(dashboardSettings({}).signInMaxDelayMs - 1000);
      expect(limiter.waitMs(SignInLimiter.accountKey('holder@example.com'), 2)).toBeGreaterThan(0);
      expect(limiter.waitMs(SignInLimiter.accountKey('other@example.com'), 2)).toBe(0);
    });

    it('forgets failures a while after the last one, and at once when told', () => {
      const limiter = moduleRef.get(SignInLimiter);
      limiter.fail('address:192.0.2.1', 'address:192.0.2.1', 'browser:b');
      expect(limiter.isUnder('address:192.0.2.1', 2)).toBe(false);
      limiter.forget('browser:b');
      expect(limiter.isUnder('browser:b', 1)).toBe(true);
      clock.advance(dashboardSettings({}).signInFailuresKeptMs);
      expect(limiter.isUnder('address:192.0.2.1', 1)).toBe(true);
      expect(limiter.size).toBe(0);
    });

    it('keeps at most signInMaxEntries keys, however many accounts are tried: 50,000 emails', () => {
      const limiter = moduleRef.get(SignInLimiter);
      for (let i = 0; i < 50_000; i++) limiter.fail(SignInLimiter.accountKey(`guess-${i}@example.com`));
      expect(limiter.size).toBe(1000);
      expect(limiter.isUnder(SignInLimiter.accountKey('guess-49999@example.com'), 1)).toBe(false);
      expect(limiter.isUnder(SignInLimiter.accountKey('guess-0@example.com'), 1)).toBe(true);
    });
  },
);
