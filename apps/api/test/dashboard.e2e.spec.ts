import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { launch, type Browser, type Page } from 'puppeteer-core';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { RequestLog } from '@quarry/accounts';
import { locateChromium } from '@quarry/browser';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { CliModule } from '../src/cli/cli.module';
import { buildCli } from '../src/cli/quarry-cli';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

/** axe-core's engine, evaluated in the page through the DevTools protocol (the pages' CSP forbids injected scripts). */
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Where the run leaves each page at desktop and phone width for a reviewer (gitignored). */
const SCREENSHOTS = resolve(__dirname, '../../../tmp/dashboard-screenshots');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const PASSWORD = 'correct horse battery staple';
/** The monitor page's links to its checks' snapshots, newest check first. */
const SNAPSHOT_LINKS = '#checks + .table-wrap a[href*="/checks/"]';

const watched = (lines: string[]) =>
  `<!doctype html><html><head><title>Opening hours</title></head><body><article><h1>Opening hours</h1>
<p>An introduction that stays the same on every check, long enough to be readable content.</p>
${lines.map((line) => `<p>${line}</p>`).join('\n')}</article></body></html>`;

describe('the dashboard in Chromium', () => {
  let origin: FixtureServer;
  let t: TestApp;
  let cli: INestApplicationContext;
  let browser: Browser;
  let page: Page;
  let content = ['We open at nine every weekday.', 'The basic plan costs ten euros per month.'];
  /** What Chromium reported blocking by the pages' content security policy: nothing, or a page lost its styles or script. */
  const policyViolations: string[] = [];
  /** Assets and icons the browser asked for and did not get. */
  const missingAssets: string[] = [];
  /** The webhook posts of the journey's monitor. */
  const hooks: { headers: Record<string, string>; body: string }[] = [];
  /** The monitor the journey creates, then pauses, resumes and deletes. */
  let monitorPage: string;
  let holder: { account: { id: string; email: string }; apiKey: string; key: { id: string } };
  let other: typeof holder;

  const url = (path: string) => `${t.url}/dashboard${path}`;
  const api = () => request(t.url);

  async function createAccount(email: string): Promise<typeof holder> {
    const response = await api()
      .post('/v1/admin/accounts')
      .auth(ADMIN_TOKEN, { type: 'bearer' })
      .send({ email, credits: 100 });
    return response.body;
  }

  async function setPassword(email: string, password: string): Promise<unknown> {
    const lines: string[] = [];
    await buildCli(
      async () => cli,
      (line) => lines.push(line),
      async () => `${password}\n`,
    ).parseAsync([
      'node',
      'quarry',
      'accounts',
      'set-password',
      '--email',
      email,
      '--password-stdin',
      '--json',
    ]);
    return JSON.parse(lines[0]);
  }

  async function screenshot(name: string): Promise<void> {
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewport(viewport);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewport(VIEWPORTS.desktop);
  }

  async function submit(selector: string): Promise<number | undefined> {
    const [response] = await Promise.all([page.waitForNavigation(), page.click(selector)]);
    return response?.status();
  }

  async function signIn(email: string, password: string): Promise<number | undefined> {
    await page.goto(url('/sign-in'));
    await page.type('#email', email);
    await page.type('#password', password);
    return submit('form button[type=submit]');
  }

  /** What a person reads in the element (the test's TypeScript has no DOM types, hence expressions). */
  const text = (selector = 'main') =>
    page.evaluate(`document.querySelector(${JSON.stringify(selector)}).innerText`) as Promise<string>;
  /** SVG has no innerText: its words are in textContent. */
  const svgText = (selector: string) =>
    page.evaluate(`document.querySelector(${JSON.stringify(selector)}).textContent`) as Promise<string>;
  const value = (selector: string) =>
    page.evaluate(`document.querySelector(${JSON.stringify(selector)}).value`) as Promise<string>;
  const sessionCookie = async () =>
    (await browser.cookies())
      .filter((c) => c.name === 'quarry_session')
      .map((c) => `${c.name}=${c.value}`)[0];
  /** The id, or failing that the role, of the element that has the keyboard focus once `expected` has it (autofocus runs after load). */
  const FOCUSED = `(document.activeElement.id || document.activeElement.getAttribute('role') || document.activeElement.tagName)`;
  const focused = async (expected: string) => {
    await page
      .waitForFunction(`${FOCUSED} === ${JSON.stringify(expected)}`, { timeout: 5000 })
      .catch(() => {});
    return page.evaluate(FOCUSED) as Promise<string>;
  };
  /** The axe-core rules the page breaks (WCAG 2.1 A and AA), as `rule: selectors` lines. */
  const accessibilityViolations = async () => {
    await page.evaluate(AXE);
    return page.evaluate(`axe
      .run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })
      .then((r) => r.violations.map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`);
  };
  /** The CSRF token the signed-in pages carry, read as a script on another site could not. */
  const csrfToken = () => value('input[name=_csrf]');

  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    origin = await startFixtureServer({
      '/watched': () => ({ body: watched(content) }),
      '/story': {
        body:
          '<!doctype html><html><head><title>A story</title></head><body><article><h1>A story</h1>' +
          `<p>${'A paragraph long enough to be the main content of the page a reader came for. '.repeat(3)}</p>` +
          '</article></body></html>',
      },
      '/callback': { status: 200 },
      '/hook': (incoming, body) => {
        hooks.push({ headers: incoming.headers as Record<string, string>, body: body.toString('utf8') });
        return { status: 204 };
      },
    });
    t = await startTestApp({ QUARRY_ALLOW_HOSTS: origin.hostPort });
    cli = await NestFactory.createApplicationContext(CliModule.forRoot(t.config.databaseUrl), {
      logger: false,
    });
    holder = await createAccount('holder@example.com');
    other = await createAccount('other@example.com');
    browser = await launch({
      executablePath: locateChromium(undefined),
      headless: true,
      args: ['--no-sandbox'],
    });
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) policyViolations.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() === 404 && /favicon|\/assets\//.test(response.url()))
        missingAssets.push(response.url());
    });
    await page.setViewport(VIEWPORTS.desktop);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await cli?.close();
    await t?.close();
    await origin?.close();
  });

  it('signs in with the password the operator set, and refuses a wrong one', async () => {
    expect(await setPassword(holder.account.email, PASSWORD)).toEqual({ accountId: holder.account.id });
    await page.goto(url('/'));
    expect(page.url()).toBe(url('/sign-in'));
    await screenshot('sign-in');

    expect(await signIn(holder.account.email, 'not the password at all')).toBe(401);
    expect(await text('[role=alert]')).toContain('do not match');
    expect(await focused('alert')).toBe('alert');

    expect(await signIn(holder.account.email, PASSWORD)).toBe(200);
    expect(page.url()).toBe(url('/'));
    expect(await text()).toContain('100 credits');
    const cookie = (await browser.cookies()).find((c) => c.name === 'quarry_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/dashboard' });
    await screenshot('credits-and-usage');
  });

  it('creates a key shown once that works against the API, then revokes it and the API refuses it', async () => {
    await page.goto(url('/keys'));
    await page.type('#key-name', 'production crawler');
    expect(await submit('form[action$="/keys"] button')).toBe(200);
    expect(page.url()).toBe(url('/keys'));
    expect(await focused('new-key-value')).toBe('new-key-value');
    const apiKey = await value('#new-key-value');
    expect(await text('#new-key-example')).toBe(
      `curl -s ${new URL(t.url).origin}/v1/api/scrape -H "Authorization: Bearer ${apiKey}" \\\n` +
        `  -H 'content-type: application/json' -d '{"url":"https://example.com/"}'`,
    );
    expect(await page.$eval('#new-key-example + p a', (a) => a.getAttribute('href'))).toBe(
      `${new URL(t.url).origin}/docs`,
    );
    await browser
      .defaultBrowserContext()
      .overridePermissions(t.url, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
    await page.click('#new-key-value ~ button.copy');
    await page.waitForFunction(
      `document.querySelector('#new-key-value ~ [role=status]').textContent !== ''`,
      { timeout: 5000 },
    );
    expect(await text('#new-key-value ~ [role=status]')).toBe('Copied.');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(apiKey);
    expect(apiKey).toMatch(/^qk_live_/);
    await screenshot('key-created');
    expect((await api().get('/v1/api/account').auth(apiKey, { type: 'bearer' })).status).toBe(200);

    await page.reload();
    expect(await page.$('#new-key-value')).toBeNull();
    const listed = await text();
    expect((await text('tbody')).match(/production crawler/g)).toHaveLength(1);
    expect(listed).not.toContain(apiKey);
    expect(listed).toContain(`${apiKey.slice(0, 16)}…${apiKey.slice(-4)}`);
    expect(listed).toContain('production crawler');
    await screenshot('keys');

    expect(await submit(`button[aria-label="Revoke ${apiKey.slice(0, 16)}…${apiKey.slice(-4)}"]`)).toBe(200);
    expect(await text('h1')).toBe('Revoke key');
    expect(await text()).toContain('Revoke the key “production crawler”');
    expect((await api().get('/v1/api/account').auth(apiKey, { type: 'bearer' })).status).toBe(200);
    await screenshot('confirm-revoke');
    expect(await submit('main form button.danger')).toBe(200);
    expect(await text()).toMatch(/Revoked/);
    expect((await api().get('/v1/api/account').auth(apiKey, { type: 'bearer' })).status).toBe(401);
    expect((await api().get('/v1/api/account').auth(holder.apiKey, { type: 'bearer' })).status).toBe(200);
  });

  it('reveals the webhook signing secret on request and rotates it', async () => {
    await page.goto(url('/keys'));
    expect(await page.$('#secret-value')).toBeNull();
    await submit('form[action$="/webhook-secret/reveal"] button');
    const secret = await value('#secret-value');
    const fromApi = await api().get('/v1/api/account/webhook-secret').auth(holder.apiKey, { type: 'bearer' });
    expect(secret).toBe(fromApi.body.webhookSecret);
    await submit('form[action$="/webhook-secret/rotate"] button');
    expect(await page.$('#secret-value')).toBeNull();
    expect(await submit('main form button.danger')).toBe(200);
    const rotated = await value('#secret-value');
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.reload();
    expect(await page.$('#secret-value')).toBeNull();
    const afterReload = await api()
      .get('/v1/api/account/webhook-secret')
      .auth(holder.apiKey, { type: 'bearer' });
    expect(afterReload.body.webhookSecret).toBe(rotated);
  });

  it('creates a monitor of a local page, runs it after the page changed, and shows the diff', async () => {
    await page.goto(url('/monitors'));
    await page.type('#monitor-url', `${origin.origin}/watched`);
    await page.click('#monitor-interval', { count: 3 });
    await page.type('#monitor-interval', '15');
    await page.type('#monitor-webhook', `${origin.origin}/hook`);
    expect(await submit('form[action$="/monitors"] button[type=submit]')).toBe(200);
    monitorPage = page.url();
    expect(monitorPage).toMatch(/\/dashboard\/monitors\/[0-9a-f-]{36}$/);
    const webhookSecret = await value('#monitor-secret-value');
    expect(webhookSecret).toMatch(/^whsec_/);
    expect(await focused('monitor-secret-value')).toBe('monitor-secret-value');
    await reloadUntil(() => text().then((t) => t.includes('baseline')));

    content = ['We open at ten every weekday.', 'The basic plan costs ten euros per month.'];
    await submit('form[action$="/run"] button');
    await reloadUntil(async () => (await page.$('.diff')) !== null);
    expect(await page.$('#monitor-secret-value')).toBeNull();
    const diff = (await text('.diff')).split('\n');
    expect(diff[0]).toMatch(/^@@ -\d+,\d+ \+\d+,\d+ @@$/);
    expect(diff).toContain('-We open at nine every weekday.');
    expect(diff).toContain('+We open at ten every weekday.');
    expect(diff).toContain(' The basic plan costs ten euros per month.');
    expect(await text('.counts')).toBe('+1 added, −1 removed');
    for (let i = 0; i < 200 && hooks.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(new Webhook(webhookSecret).verify(hooks[0].body, hooks[0].headers)).toMatchObject({
      type: 'monitor.changed',
    });
    await screenshot('monitor');
    await page.goto(url('/monitors'));
    expect(await text()).toContain(`${origin.origin}/watched`);
    await screenshot('monitors');
  }, 60_000);

  it('shows the balance, the usage of the checks as SVG charts in all and per day, the ledger, in light and dark', async () => {
    await page.goto(url('/'));
    const account = await api().get('/v1/api/account').auth(holder.apiKey, { type: 'bearer' });
    const [operation, used] = Object.entries(account.body.usage.last30Days)[0] as [
      string,
      { count: number; credits: number },
    ];
    expect(await text('.balance')).toBe(`${account.body.account.credits} credits`);
    expect(await svgText('svg.chart title')).toBe('Credits used in the last 30 days by operation');
    expect(await svgText('svg.chart')).toContain(`${used.credits} credit${used.credits === 1 ? '' : 's'}`);
    expect(operation).toBe('monitorCheck');
    expect(await svgText('svg.chart')).toContain('Monitor check');
    const ledger = await text('#ledger + .table-wrap');
    expect(ledger).toContain('Credits granted');
    expect(ledger).toContain('+100');
    expect(ledger).toContain('Monitor check');
    expect(ledger).not.toContain('monitorCheck');

    const today = new Date().toISOString().slice(0, 10);
    expect(await svgText('#daily-usage-title')).toBe(
      'Credits used per day in the last 30 days, by operation',
    );
    expect(await svgText('svg[aria-labelledby="daily-usage-title"]')).toContain(
      `${today}: Monitor check, ${used.credits} credit${used.credits === 1 ? '' : 's'}`,
    );
    expect(await page.$$eval('svg[aria-labelledby="daily-usage-title"] > g', (days) => days.length)).toBe(30);
    await page.click('details summary');
    expect(await text('table.daily-usage tbody')).toBe(
      `${today}\tMonitor check\t${used.count}\t${used.credits}`,
    );
    await screenshot('credits-and-usage');

    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(27, 28, 30)');
    await screenshot('credits-and-usage-dark');
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    expect(await page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(255, 255, 255)');
  });

  it('shows the usage of one key and lists the requests of the last 7 days, filtered by key and status', async () => {
    const scrape = (body: object) =>
      api().post('/v1/api/scrape').auth(holder.apiKey, { type: 'bearer' }).send(body);
    expect((await scrape({ url: `${origin.origin}/story` })).status).toBe(200);
    expect((await scrape({ url: 'ftp://example.com/<b>' })).status).toBe(400);
    await t.app.get(RequestLog).flush();

    await page.goto(url('/'));
    const perKey = (await text('table.key-usage tbody')).split('\n');
    expect(perKey[0]).toMatch(/^qk_live_\S+…\t1\t1$/);
    expect(perKey[1]).toMatch(/^Without a key\t\d+\t\d+$/);
    await page.select('#usage-key', holder.key.id);
    expect(await submit('form.filters button')).toBe(200);
    expect(page.url()).toBe(url(`/?key=${holder.key.id}#usage`));
    expect(await text('#usage')).toMatch(/^Last 30 days: qk_live_/);
    const today = new Date().toISOString().slice(0, 10);
    expect(await svgText('svg[aria-labelledby="daily-usage-title"]')).toContain(`${today}: Scrape, 1 credit`);
    expect(await svgText('svg[aria-labelledby="daily-usage-title"]')).not.toContain('Monitor check');
    expect(await accessibilityViolations()).toEqual([]);
    await screenshot('usage-of-one-key');

    await page.goto(url('/requests'));
    const rows = (await text('table.requests tbody'))
      .split('\n')
      .filter((line) => line.includes('/v1/api/scrape'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('ftp://example.com/<b>');
    expect(rows[0]).toMatch(/\t400\t0\t\d+ ms$/);
    expect(rows[1]).toContain(`${origin.origin}/story`);
    expect(rows[1]).toMatch(/Scrape\s+POST \/v1\/api\/scrape/);
    expect(rows[1]).toMatch(/\t200\t1\t\d+ ms$/);
    await screenshot('requests');

    await page.select('#requests-status', '4xx');
    expect(await submit('form.filters button')).toBe(200);
    expect(page.url()).toBe(url('/requests?key=&status=4xx'));
    expect(await text('table.requests tbody')).toContain('ftp://example.com/<b>');
    expect(await text('table.requests tbody')).not.toContain(`${origin.origin}/story`);
    expect(
      (
        await api()
          .get('/dashboard/requests?status=6xx')
          .set('cookie', await sessionCookie())
      ).status,
    ).toBe(400);
  });

  it('edits the monitor: name, selector, ignore patterns and trigger, with refusals at their fields', async () => {
    await page.goto(monitorPage);
    await page.click('a[href$="/edit"]');
    await page.waitForSelector('#monitor-name');
    expect(await value('#monitor-interval')).toBe('15');
    expect(await value('#monitor-webhook')).toBe(`${origin.origin}/hook`);
    expect(await value('#monitor-name')).toBe('Opening hours');
    await page.click('#monitor-name', { count: 3 });
    await page.type('#monitor-name', 'Shop hours');
    await page.click('#monitor-scope-selector');
    await page.type('#monitor-selector', 'p[');
    await page.type('#monitor-ignore', '^Updated\n(a+)+');
    await page.type('#monitor-trigger', 'nine');
    expect(await submit('form[action$="/edit"] button[type=submit]')).toBe(400);
    expect(await focused('error-summary')).toBe('error-summary');
    expect(await text('#monitor-selector-error')).toMatch(/^Enter a CSS selector that works/);
    expect(await accessibilityViolations()).toEqual([]);
    expect(await value('#monitor-ignore')).toBe('^Updated\n(a+)+');
    await page.click('#monitor-selector', { count: 3 });
    await page.type('#monitor-selector', 'p');
    expect(await submit('form[action$="/edit"] button[type=submit]')).toBe(400);
    expect(await text('#monitor-ignore-error')).toMatch(/^Correct the ignore patterns: pattern 2 /);
    await page.evaluate(`document.querySelector('#monitor-ignore').value = '^Updated'`);
    expect(await submit('form[action$="/edit"] button[type=submit]')).toBe(200);
    expect(page.url()).toBe(`${monitorPage}?notice=saved`);
    expect(await text('[role=status]')).toBe('The changes are saved.');
    expect(await text('h1')).toBe('Shop hours');
    expect(await text('main')).toContain(
      'Compares the text of p, leaving out lines matching ^Updated; notifies only when the new text contains “nine”.',
    );
    const saved = await api()
      .get(`/v1/api/monitors/${monitorPage.split('/').pop()}`)
      .auth(holder.apiKey, { type: 'bearer' });
    expect(saved.body.monitor).toMatchObject({
      name: 'Shop hours',
      scope: 'selector',
      selector: 'p',
      ignore: ['^Updated'],
      trigger: 'nine',
      intervalMinutes: 15,
    });
    await screenshot('monitor-edit');
  });

  it('browses the text each successful check compared, in light and dark, and without JavaScript', async () => {
    await page.goto(monitorPage);
    const snapshotLinks = `(document.querySelectorAll('${SNAPSHOT_LINKS}'))`;
    const hrefs = (await page.evaluate(
      `[...${snapshotLinks}].map((a) => a.getAttribute('href'))`,
    )) as string[];
    expect(hrefs.length).toBeGreaterThanOrEqual(2);
    const monitorId = monitorPage.split('/').pop();
    const [newest, baseline] = [hrefs[0], hrefs[hrefs.length - 1]];
    expect(newest).toMatch(new RegExp(`^/dashboard/monitors/${monitorId}/checks/[0-9a-f-]{36}$`));
    expect(await page.evaluate(`${snapshotLinks}[0].getAttribute('aria-label')`)).toMatch(
      /^Snapshot of the check at \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );

    await page.setJavaScriptEnabled(false);
    await page.goto(monitorPage);
    expect(await submit(`#checks + .table-wrap a[href="${baseline}"]`)).toBe(200);
    expect(await text('h1')).toMatch(/^Snapshot of /);
    expect(await text('pre.snapshot')).toContain('We open at nine every weekday.');
    expect(await submit('a[href$="#checks"]')).toBe(200);
    expect(page.url()).toBe(`${monitorPage}#checks`);
    await page.setJavaScriptEnabled(true);

    await page.goto(`${t.url}${newest}`);
    const fromApi = await api()
      .get(`/v1/api/monitors/${monitorId}/checks/${newest.split('/').pop()}/snapshot`)
      .auth(holder.apiKey, { type: 'bearer' });
    expect(await text('pre.snapshot')).toBe(fromApi.body.snapshot.text);
    expect(await text('.facts')).toContain(fromApi.body.snapshot.contentHash);
    expect(await accessibilityViolations()).toEqual([]);
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    expect(await accessibilityViolations()).toEqual([]);
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
    await screenshot('monitor-snapshot');
  });

  it("pages the monitor's checks, 20 at a time, newest first", async () => {
    const monitorId = monitorPage.split('/').pop();
    const checks = async () =>
      (await api().get(`/v1/api/monitors/${monitorId}/checks`).auth(holder.apiKey, { type: 'bearer' })).body
        .checks as { id: string; checkedAt: string }[];
    for (let count = (await checks()).length; count < 21; count++) {
      const run = await api()
        .post(`/v1/api/monitors/${monitorId}/run`)
        .auth(holder.apiKey, { type: 'bearer' });
      expect(run.status).toBe(202);
      for (let i = 0; i < 200 && (await checks()).length === count; i++)
        await new Promise((r) => setTimeout(r, 50));
    }
    const all = await checks();
    expect(all.length).toBe(21);
    const shownIds = async () =>
      (
        (await page.evaluate(
          `[...document.querySelectorAll('${SNAPSHOT_LINKS}')].map((a) => a.getAttribute('href'))`,
        )) as string[]
      ).map((href) => href.split('/').pop());

    await page.goto(monitorPage);
    expect(await shownIds()).toEqual(all.slice(0, 20).map((check) => check.id));
    expect(await page.$('a[href$="#checks"]:not([rel])')).toBeNull();
    expect(await submit('a[rel=next]')).toBe(200);
    expect(page.url()).toBe(`${monitorPage}?checksBefore=${encodeURIComponent(all[19].checkedAt)}#checks`);
    expect(await text('#checks + .table-wrap caption')).toMatch(/^Older checks, newest first/);
    expect(await shownIds()).toEqual([all[20].id]);
    expect(await page.$('a[rel=next]')).toBeNull();
    expect(await submit('nav[aria-label="Check pages"] a')).toBe(200);
    expect(page.url()).toBe(`${monitorPage}#checks`);
    await page.goto(`${monitorPage}?checksBefore=yesterday`);
    expect(await text('#checks + .table-wrap caption')).toMatch(/^The most recent checks/);
    expect(await shownIds()).toEqual(all.slice(0, 20).map((check) => check.id));
  }, 120_000);

  it('pauses, resumes and deletes the monitor, and shows why a monitor cannot be created', async () => {
    await page.goto(monitorPage);
    await submit('form[action$="/pause"] button');
    expect(await text('[role=status]')).toBe('The monitor is paused.');
    expect(await page.$('form[action$="/run"]')).toBeNull();
    await submit('form[action$="/resume"] button');
    expect(await text('[role=status]')).toContain('active again');
    await submit('form[action$="/delete"] button');
    expect(await text('h1')).toBe('Delete monitor');
    expect(await submit('main form button.danger')).toBe(200);
    expect(page.url()).toBe(url('/monitors'));
    expect(await text('tbody')).toBe('No monitors yet.');
    const deleted = await api()
      .get(new URL(monitorPage).pathname)
      .set('cookie', await sessionCookie());
    expect(deleted.status).toBe(404);

    await page.type('#monitor-url', 'http://10.0.0.1/private');
    expect(await submit('form[action$="/monitors"] button[type=submit]')).toBe(400);
    expect(await focused('error-summary')).toBe('error-summary');
    expect(await text('#monitor-url-error')).toMatch(/^Enter the address of a public web page/);
    expect(await value('#monitor-url')).toBe('http://10.0.0.1/private');

    const attribute = (selector: string, name: string) =>
      page.evaluate(`document.querySelector('${selector}').getAttribute('${name}')`);
    expect([
      await attribute('#monitor-interval', 'min'),
      await attribute('#monitor-interval', 'max'),
    ]).toEqual(['5', '10080']);
    await page.evaluate(`document.querySelector('#monitor-interval').removeAttribute('min')`);
    await page.click('#monitor-url', { count: 3 });
    await page.type('#monitor-url', `${origin.origin}/watched`);
    await page.click('#monitor-interval', { count: 3 });
    await page.type('#monitor-interval', '3');
    expect(await submit('form[action$="/monitors"] button[type=submit]')).toBe(400);
    expect(await focused('error-summary')).toBe('error-summary');
    expect(await text('#monitor-interval-error')).toBe('Enter a whole number of minutes from 5 to 10080.');
    expect(await text('#error-summary a[href="#monitor-interval"]')).toBe(
      'Enter a whole number of minutes from 5 to 10080.',
    );
    expect(await attribute('#monitor-interval', 'aria-invalid')).toBe('true');
    await screenshot('monitor-form-error');
  });

  it('lists async scrapes with their status and callback deliveries, beside the video jobs', async () => {
    const submitted = await api()
      .post('/v1/api/scrape/async')
      .auth(holder.apiKey, { type: 'bearer' })
      .send({ url: `${origin.origin}/watched`, callbackUrl: `${origin.origin}/callback` });
    expect(submitted.status).toBe(202);
    await page.goto(url('/jobs'));
    await reloadUntil(async () => (await text()).includes('delivered, 1 attempt, last answer 200'));
    const row = await text('tbody tr');
    expect(row).toContain(`${origin.origin}/watched`);
    expect(row).toContain('Completed');
    expect(await text('main')).toContain('Recent video jobs, newest first\nSubmitted');
    await screenshot('jobs');
  });

  it('lists a crawl on the jobs page, with its pages and a page’s Markdown, without axe-core violations', async () => {
    const crawl = await api()
      .post('/v1/api/crawl')
      .auth(holder.apiKey, { type: 'bearer' })
      .send({ url: `${origin.origin}/watched`, limit: 1 });
    expect(crawl.status).toBe(202);
    await page.goto(url('/jobs'));
    await reloadUntil(async () => (await text()).includes('Completed\t1 of 1 page'));
    expect(await submit(`a[href$="/crawls/${crawl.body.jobId}"]`)).toBe(200);
    expect(await text('#pages + .table-wrap tbody')).toContain('Opening hours');
    await screenshot('crawl');
    await expectNoViolationsInLightAndDark();
    expect(await submit('td[data-label="Markdown"] a')).toBe(200);
    expect(await text('pre')).toContain('An introduction that stays the same on every check');
    await screenshot('crawl-page-markdown');
    await expectNoViolationsInLightAndDark();
  });

  it('refuses a post without the CSRF token with 403', async () => {
    await page.goto(url('/keys'));
    const cookie = await sessionCookie();
    const before = (await api().get('/v1/api/account').auth(holder.apiKey, { type: 'bearer' })).status;
    const withoutToken = await api()
      .post('/dashboard/keys')
      .set('cookie', cookie)
      .type('form')
      .send({ name: 'forged' });
    expect(withoutToken.status).toBe(403);
    const wrongToken = await api()
      .post('/dashboard/webhook-secret/rotate')
      .set('cookie', cookie)
      .type('form')
      .send({ _csrf: 'x'.repeat(43) });
    expect(wrongToken.status).toBe(403);
    const signInWithoutToken = await api()
      .post('/dashboard/sign-in')
      .type('form')
      .send({ email: holder.account.email, password: PASSWORD });
    expect(signInWithoutToken.status).toBe(403);
    await page.goto(url('/keys'));
    expect(await text()).not.toContain('forged');
    expect(before).toBe(200);
  });

  it("answers 404 for another account's monitor and key, and leaves them alone", async () => {
    const monitor = await api()
      .post('/v1/api/monitors')
      .auth(other.apiKey, { type: 'bearer' })
      .send({ url: `${origin.origin}/watched`, intervalMinutes: 15 });
    await page.goto(url('/keys'));
    const cookie = await sessionCookie();
    const _csrf = await csrfToken();

    const show = await api().get(`/dashboard/monitors/${monitor.body.monitor.id}`).set('cookie', cookie);
    expect(show.status).toBe(404);
    const snapshot = await api()
      .get(`/dashboard/monitors/${monitor.body.monitor.id}/checks/${randomUUID()}`)
      .set('cookie', cookie);
    expect(snapshot.status).toBe(404);
    for (const action of ['run', 'pause', 'delete']) {
      const post = await api()
        .post(`/dashboard/monitors/${monitor.body.monitor.id}/${action}`)
        .set('cookie', cookie)
        .type('form')
        .send({ _csrf });
      expect(post.status).toBe(404);
    }
    const revoke = await api()
      .post(`/dashboard/keys/${other.key.id}/revoke`)
      .set('cookie', cookie)
      .type('form')
      .send({ _csrf });
    expect(revoke.status).toBe(404);
    expect(
      (await api().get(`/v1/api/monitors/${monitor.body.monitor.id}`).auth(other.apiKey, { type: 'bearer' }))
        .status,
    ).toBe(200);
    expect((await api().get('/v1/api/account').auth(other.apiKey, { type: 'bearer' })).status).toBe(200);
    await page.goto(url(`/monitors/${monitor.body.monitor.id}`));
    await screenshot('not-found');
  });

  it('changes the password with the current one, signing out other browsers but this one', async () => {
    const elsewhere = await browser.createBrowserContext();
    const other = await elsewhere.newPage();
    await other.goto(url('/sign-in'));
    await other.type('#email', holder.account.email);
    await other.type('#password', PASSWORD);
    await Promise.all([other.waitForNavigation(), other.click('form button[type=submit]')]);
    expect(other.url()).toBe(url('/'));

    await page.goto(url('/'));
    await page.click('nav a[href$="/account"]');
    await page.waitForSelector('#currentPassword');
    const change = async (current: string, next: string) => {
      await page.type('#currentPassword', current);
      await page.type('#newPassword', next);
      await page.evaluate(`document.querySelector('#newPassword').removeAttribute('minlength')`);
      return submit('form[action$="/account/password"] button');
    };
    expect(await change('not my password', 'a new long passphrase')).toBe(400);
    expect(await focused('error-summary')).toBe('error-summary');
    expect(await text('#currentPassword-error')).toBe('Enter the password you signed in with.');
    expect(await change(PASSWORD, 'short')).toBe(400);
    expect(await text('#newPassword-error')).toBe(
      'Choose a longer new password: it must have at least 12 characters.',
    );
    expect(await page.$eval('#newPassword', (input) => input.getAttribute('aria-invalid'))).toBe('true');
    expect(await change(PASSWORD, 'a new long passphrase')).toBe(200);
    expect(await text('[role=status]')).toBe('Your password is changed; other browsers are signed out.');
    await screenshot('account');

    await other.goto(url('/keys'));
    expect(other.url()).toBe(url('/sign-in'));
    await elsewhere.close();
    await page.goto(url('/keys'));
    expect(page.url()).toBe(url('/keys'));
    await page.goto(url('/account'));
    expect(await change('a new long passphrase', PASSWORD)).toBe(200);
  }, 90_000); // several scrypt hashes and a second browser

  it.each(['/', '/keys', '/requests', '/monitors', '/jobs', '/account'])(
    'has no axe-core violations on %s, in light and dark',
    async (path) => {
      await page.goto(url(path));
      await expectNoViolationsInLightAndDark();
    },
  );

  it('signs out, after which the old session cookie is refused', async () => {
    await page.goto(url('/'));
    const cookie = await sessionCookie();
    expect(await submit('header form button')).toBe(200);
    expect(page.url()).toBe(url('/sign-in'));
    const reused = await api().get('/dashboard/keys').set('cookie', cookie);
    expect(reused.status).toBe(303);
    expect(reused.headers.location).toBe('/dashboard/sign-in');
    const invented = await api().get('/dashboard/keys').set('cookie', 'quarry_session=invented');
    expect(invented.status).toBe(303);
  });

  it('limits sign-in attempts per email', async () => {
    await setPassword(other.account.email, PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const form = await api().get('/dashboard/sign-in');
      const token = /name="_csrf" value="([^"]+)"/.exec(form.text)![1];
      const cookie = form.headers['set-cookie'][0].split(';')[0];
      const attempt = await api()
        .post('/dashboard/sign-in')
        .set('cookie', cookie)
        .type('form')
        .send({ _csrf: token, email: other.account.email, password: 'wrong password, again' });
      statuses.push(attempt.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  }, 90_000); // a password hash and six scrypt verifications

  it('served every page within its content security policy, with its icon and assets', async () => {
    expect(policyViolations).toEqual([]);
    expect(missingAssets).toEqual([]);
    const icon = await api().get('/dashboard/assets/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  /** The page as it is has no axe-core violations, in light and in dark. */
  async function expectNoViolationsInLightAndDark(): Promise<void> {
    expect(await accessibilityViolations()).toEqual([]);
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'dark' }]);
    expect(await accessibilityViolations()).toEqual([]);
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
  }

  /** Reloads the page until `condition` holds: the monitor's checks run on the app's queue. */
  async function reloadUntil(condition: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if (await condition()) return;
      await new Promise((r) => setTimeout(r, 200));
      await page.reload();
    }
    throw new Error('the page never showed what was expected');
  }
});
