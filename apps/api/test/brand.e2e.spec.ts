import request from 'supertest';
import { FixtureServer, html, startFixtureServer } from '@quarry/testing';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

const page = `<!doctype html><html lang="en"><head><title>Acme Tools — Home</title>
<meta name="description" content="Tools for makers.">
<style>
  :root { --brand: #e4572e; }
  body { margin: 0; background: #ffffff; color: #1f2933; font-family: sans-serif; }
  header { display: flex; align-items: center; padding: 16px; }
  .cta { background: var(--brand); color: #ffffff; border-radius: 6px; padding: 12px 20px; border: 0; }
</style></head><body>
<header><a href="/" class="logo" aria-label="Acme Tools home">
  <svg width="120" height="32" viewBox="0 0 120 32" style="color: #e4572e"><rect width="32" height="32" fill="currentColor"/><text x="40" y="22">Acme</text></svg>
</a></header>
<main><h1>Build with Acme</h1><p>${'Tools for makers, shipped worldwide. '.repeat(20)}</p>
<button class="cta">Shop now</button></main>
<footer><a href="https://github.com/acme-tools">GitHub</a> <a href="https://twitter.com/intent/tweet?text=hi">Share</a></footer>
</body></html>`;

describe('POST /v1/api/brand (docs/api.md §8)', () => {
  let site: FixtureServer;
  let t: TestApp;

  beforeAll(async () => {
    site = await startFixtureServer({ '/': html(page) });
    t = await startTestApp({ QUARRY_ALLOW_HOSTS: site.hostPort });
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  const account = async (credits: number) =>
    (
      await request(t.url)
        .post('/v1/admin/accounts')
        .auth(ADMIN_TOKEN, { type: 'bearer' })
        .send({ email: `brand-${credits}-${Date.now()}@example.com`, credits })
    ).body.apiKey as string;

  it('profiles a site from one rendering for 1 credit', async () => {
    const key = await account(3);
    const response = await request(t.url)
      .post('/v1/api/brand')
      .auth(key, { type: 'bearer' })
      .send({ url: site.url('/') });
    expect(response.status).toBe(200);
    const { brand } = response.body;
    expect(brand).toMatchObject({ finalUrl: site.url('/'), domain: '127.0.0.1', colorScheme: 'light' });
    expect(brand.logo).toMatchObject({ url: null, type: 'logo' });
    expect(brand.logo.svg).toContain('#e4572e');
    expect(brand.logo.svg).not.toContain('currentColor');
    expect(brand.colors).toEqual(
      expect.arrayContaining([expect.objectContaining({ hex: '#e4572e', role: 'primary' })]),
    );
    expect(brand.socialLinks).toEqual([{ platform: 'github', url: 'https://github.com/acme-tools' }]);
    const balance = await request(t.url).get('/v1/api/account').auth(key, { type: 'bearer' });
    expect(balance.body.account.credits).toBe(2);
  });

  it('answers 402 before rendering without credits, and 400 for a private URL', async () => {
    const broke = await account(0);
    const hits = site.hits('/');
    const refused = await request(t.url)
      .post('/v1/api/brand')
      .auth(broke, { type: 'bearer' })
      .send({ url: site.url('/') });
    expect(refused.status).toBe(402);
    expect(site.hits('/')).toBe(hits);
    const key = await account(1);
    const local = await request(t.url)
      .post('/v1/api/brand')
      .auth(key, { type: 'bearer' })
      .send({ url: 'http://127.0.0.1:9/' });
    expect(local.status).toBe(400);
    expect(local.body).toMatchObject({ error: 'invalid_request', details: { url: expect.any(String) } });
  });
});
