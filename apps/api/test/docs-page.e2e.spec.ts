import { launch, type Browser } from 'puppeteer-core';
import request from 'supertest';
import { locateChromium } from '@quarry/browser';
import { startTestApp, TestApp } from './support/test-app';

describe('the Swagger UI at /docs (docs/api.md §10)', () => {
  let t: TestApp;
  let browser: Browser;

  beforeAll(async () => {
    t = await startTestApp();
    browser = await launch({
      executablePath: locateChromium(undefined),
      headless: true,
      args: ['--no-sandbox'],
    });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it.each(['/docs', '/docs/swagger-ui-init.js'])('forbids framing %s', async (path) => {
    const response = await request(t.url).get(path);
    expect(response.status).toBe(200);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('renders every operation within its content security policy', async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) violations.push(message.text());
    });
    await page.goto(`${t.url}/docs`);
    await page.waitForSelector('.opblock-summary-path', { timeout: 15_000 });
    const paths = (await page.evaluate(
      `[...document.querySelectorAll('.opblock-summary-path')].map((e) => e.textContent)`,
    )) as string[];
    expect(paths).toContain('/v1/api/scrape');
    expect(violations).toEqual([]);
  }, 30_000);
});
