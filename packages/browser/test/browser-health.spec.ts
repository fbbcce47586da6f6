import { Logger, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheckService, TerminusModule } from '@nestjs/terminus';
import { Test } from '@nestjs/testing';
import { PublicUrlPolicy } from '@quarry/net';
import { html, startFixtureServer, type FixtureServer } from '@quarry/testing';
import { BrowserPool, browserHealth } from '../src';

describe('browserHealth, as a host checks it with @nestjs/terminus', () => {
  let site: FixtureServer;
  let policy: PublicUrlPolicy;
  let health: HealthCheckService;

  beforeAll(async () => {
    Logger.overrideLogger(['error']);
    site = await startFixtureServer({ '/': html('<!doctype html><title>Home</title><p>home</p>') });
    policy = new PublicUrlPolicy({ allowHosts: [`127.0.0.1:${site.port}`] });
    const moduleRef = await Test.createTestingModule({
      imports: [TerminusModule.forRoot({ logger: false })],
    }).compile();
    health = moduleRef.get(HealthCheckService);
  });

  afterAll(async () => {
    await site?.close();
    Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose', 'fatal']);
  });

  it('is up and idle before the first page, then up with the running version, without launching to check', async () => {
    const pool = new BrowserPool(policy);
    try {
      await expect(health.check([() => browserHealth(pool)])).resolves.toMatchObject({
        status: 'ok',
        info: { browser: { status: 'up', state: 'idle' } },
      });
      expect(pool.stats().launches).toBe(0);
      await pool.withPage((page) => page.goto(site.url('/')));
      await expect(health.check([() => browserHealth(pool, 'chromium')])).resolves.toMatchObject({
        status: 'ok',
        info: { chromium: { status: 'up', state: 'running', version: expect.stringMatching(/Chrom/) } },
      });
    } finally {
      await pool.close();
    }
  });

  it('is down, with the reason, when the browser cannot launch or the pool is shut down', async () => {
    const missing = new BrowserPool(policy, { chromiumPath: '/nowhere/chromium' });
    await missing.withPage(async () => undefined).catch(() => undefined);
    const closed = new BrowserPool(policy);
    await closed.close();
    const failure = (await health
      .check([() => browserHealth(missing, 'missing'), () => browserHealth(closed, 'closed')])
      .catch((error: unknown) => error)) as ServiceUnavailableException;
    expect(failure).toBeInstanceOf(ServiceUnavailableException);
    expect(failure.getResponse()).toMatchObject({
      status: 'error',
      error: {
        missing: { status: 'down', message: expect.stringContaining('QUARRY_CHROMIUM_PATH') },
        closed: { status: 'down', message: 'The browser pool is shut down.' },
      },
    });
    await missing.close();
  });
});
