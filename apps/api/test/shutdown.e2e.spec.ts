import { closeReport, eventually, FixtureServer, slowWorkRoutes, startFixtureServer } from '@quarry/testing';
import { ADMIN_TOKEN, startTestApp } from './support/test-app';

describe('the service shuts down cleanly', () => {
  let origin: FixtureServer;

  beforeAll(async () => {
    origin = await startFixtureServer(slowWorkRoutes());
  });
  afterAll(() => origin.close());

  it('right after it starts', async () => {
    const report = await closeReport(async () => {
      const t = await startTestApp({ QUARRY_ALLOW_HOSTS: origin.hostPort });
      await t.close();
    });
    expect(report).toEqual({ leaked: [] });
  });

  // Its budget: start-up, up to 15 s for the work to get under way, the close, up to 10 s to settle.
  it('while scrapes, a screenshot and an async job are under way', async () => {
    const report = await closeReport(async () => {
      const t = await startTestApp({ QUARRY_ALLOW_HOSTS: origin.hostPort, QUARRY_SHUTDOWN_GRACE_MS: '500' });
      const post = (path: string, body: unknown, token: string) =>
        fetch(`${t.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const created = await post(
        '/v1/admin/accounts',
        { email: 'shutdown@example.com', credits: 50 },
        ADMIN_TOKEN,
      );
      const key = ((await created.json()) as { apiKey: string }).apiKey;
      const inFlight = [
        post('/v1/api/scrape', { url: origin.url('/slow') }, key),
        post('/v1/api/scrape', { url: origin.url('/shell'), waitForSelector: 'p' }, key),
        post('/v1/api/screenshot', { url: origin.url('/shell') }, key),
      ].map((response) => response.then((r) => r.arrayBuffer()).catch(() => undefined));
      const accepted = await post(
        '/v1/api/scrape/async',
        { url: origin.url('/slow?job'), callbackUrl: origin.url('/hook') },
        key,
      );
      expect(accepted.status).toBe(202);
      await eventually(() => origin.hits('/slow') >= 2 && origin.hits('/slow.js') >= 2, 15_000);
      await t.close();
      await Promise.all(inFlight);
    });
    expect(report).toEqual({ leaked: [] });
  }, 60_000);
});
