import { ANONYMOUS_ACCOUNT } from '@quarry/http';
import {
  closeReport,
  eventually,
  slowWorkRoutes,
  startFixtureServer,
  type FixtureServer,
} from '@quarry/testing';
import { BrandService } from '../src';
import { createBrandTestModule } from './support/brand-test-module';

describe('BrandModule closes cleanly', () => {
  let origin: FixtureServer;

  beforeAll(async () => {
    origin = await startFixtureServer(slowWorkRoutes());
  });
  afterAll(() => origin.close());

  it('right after it starts', async () => {
    const report = await closeReport(async () => {
      const moduleRef = await createBrandTestModule({ allowHosts: [origin.hostPort] });
      await moduleRef.close();
    });
    expect(report).toEqual({ leaked: [] });
  });

  // Its budget: start-up, up to 10 s for the page to get under way, the close, up to 10 s to settle.
  it('while a page is being profiled', async () => {
    const report = await closeReport(async () => {
      const moduleRef = await createBrandTestModule({ allowHosts: [origin.hostPort] });
      const profiling = moduleRef
        .get(BrandService)
        .profile(ANONYMOUS_ACCOUNT, { url: origin.url('/shell') })
        .catch(() => undefined);
      await eventually(() => origin.hits('/slow.js') >= 1, 10_000);
      await moduleRef.close();
      await profiling;
    });
    expect(report).toEqual({ leaked: [] });
  }, 60_000);
});
