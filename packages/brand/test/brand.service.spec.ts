import { ANONYMOUS_ACCOUNT } from '@quarry/http';
import type { TestingModule } from '@nestjs/testing';
import { html, redirect, startFixtureServer, type FixtureServer } from '@quarry/testing';
import { BrandError, BrandService } from '../src';
import { createBrandTestModule } from './support/brand-test-module';

const PAGE = (head: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orbit</title>${head}</head><body>${body}</body></html>`;

describe('BrandService', () => {
  let site: FixtureServer;
  let canary: FixtureServer;
  let moduleRef: TestingModule;
  let brands: BrandService;
  const url = (path: string) => site.url(path);

  beforeAll(async () => {
    // Listening on 127.0.0.1 but not allow-listed: a private address the page must never reach.
    canary = await startFixtureServer({ '*': { body: '{}' } });
    site = await startFixtureServer({
      '/': html(PAGE('', '<h1>Orbit</h1><p>Plain page.</p>')),
      '/moved': redirect('/'),
      '/private-assets': html(
        PAGE(
          `<link rel="manifest" href="${canary.origin}/manifest.json"><link rel="stylesheet" href="${canary.origin}/x.css">`,
          `<header><a href="/"><img src="${canary.origin}/logo.svg" alt="Orbit logo" width="120" height="30"></a></header><p>Text</p>`,
        ),
      ),
      '/login': { status: 401, body: 'sign in' },
      '/broken': { status: 503, body: 'down' },
      '/slow': { delayMs: 5_000, body: PAGE('', '<p>late</p>') },
      '/pdf': { headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4\n%%EOF' },
    });
    moduleRef = await createBrandTestModule({ allowHosts: [site.hostPort] });
    brands = moduleRef.get(BrandService);
  }, 60_000);
  afterAll(async () => {
    await moduleRef?.close();
    await Promise.all([site?.close(), canary?.close()]);
  });

  it('reports the final URL and its host name after redirects', async () => {
    const profile = await brands.profile(ANONYMOUS_ACCOUNT, { url: url('/moved') });
    expect(profile).toMatchObject({
      url: url('/moved'),
      finalUrl: url('/'),
      domain: '127.0.0.1',
      name: 'Orbit',
    });
  });

  it("fetches the page's sub-resources and manifest only under the public-URL policy", async () => {
    const profile = await brands.profile(ANONYMOUS_ACCOUNT, { url: url('/private-assets') });
    expect(canary.requests).toBe(0);
    expect(canary.connections).toBe(0);
    // The image still counts by its place and label; it just did not load.
    expect(profile.logo).toMatchObject({ source: 'header-image', url: `${canary.origin}/logo.svg` });
    expect(profile.icons).toEqual([]);
  });

  it.each([
    ['/login', 'AUTH_REQUIRED', 403],
    ['/broken', 'ORIGIN_ERROR', 502],
    ['/pdf', 'UNREADABLE_CONTENT', 422],
  ])('fails %s with %s (%i)', async (path, code, status) => {
    const failure = await brands
      .profile(ANONYMOUS_ACCOUNT, { url: url(path) })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BrandError);
    expect(failure).toMatchObject({ code, status: status, url: url(path) });
  });

  it('fails with TIMEOUT when the page does not arrive within timeoutMs', async () => {
    const failure = await brands
      .profile(ANONYMOUS_ACCOUNT, { url: url('/slow'), timeoutMs: 1_000 })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'TIMEOUT', status: 504 });
  });

  it('fails with ORIGIN_ERROR when nothing listens', async () => {
    const closed = await startFixtureServer({});
    await closed.close();
    const down = await createBrandTestModule({ allowHosts: [closed.hostPort] });
    try {
      const failure = await down
        .get(BrandService)
        .profile(ANONYMOUS_ACCOUNT, { url: closed.url('/') })
        .catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'ORIGIN_ERROR', status: 502 });
    } finally {
      await down.close();
    }
  });
});
