import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { Clock } from '@quarry/core';
import {
  DASHBOARD_MODULE_OPTIONS,
  DashboardCredentials,
  type DashboardModuleOptions,
} from '@quarry/dashboard';
import { ADMIN_TOKEN, startTestApp, TestApp } from './support/test-app';

const PASSWORD = 'correct horse battery staple';
const WRONG = 'not the password at all';

/** An email no other test uses, on a database the e2e suites may share (PostgreSQL). */
const email = (name: string) => `${name}-${randomBytes(4).toString('hex')}@example.com`;
const HOLDER = email('holder');
const EIGHT = email('eight');
const TYPO = email('typo');
const TARGET = email('target');
const FORMS = email('forms');
const CHANGER = email('changer');

/** A clock the test moves by hand, so delays are waited out without waiting. */
class ManualClock extends Clock {
  private current = new Date();
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** A browser as far as sign-in goes: it keeps the cookies the dashboard sets and sends them back. */
class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly t: TestApp,
    private readonly headers: Record<string, string> = {},
  ) {}

  async signIn(email: string, password: string): Promise<request.Response> {
    const form = this.keep(await this.get('/dashboard/sign-in'));
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form.text)![1];
    return this.keep(
      await request(this.t.url)
        .post('/dashboard/sign-in')
        .set({ ...this.headers, cookie: this.cookieHeader() })
        .type('form')
        .send({ _csrf: csrf, email, password }),
    );
  }

  /** Posts the form of the page at `formPath` with its CSRF token. */
  async submit(formPath: string, action: string, fields: Record<string, string>): Promise<request.Response> {
    const form = await this.get(formPath);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form.text)![1];
    return this.keep(
      await request(this.t.url)
        .post(action)
        .set({ ...this.headers, cookie: this.cookieHeader() })
        .type('form')
        .send({ _csrf: csrf, ...fields }),
    );
  }

  get(path: string): request.Test {
    return request(this.t.url)
      .get(path)
      .set({ ...this.headers, cookie: this.cookieHeader() });
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private keep(response: request.Response): request.Response {
    for (const line of (response.headers['set-cookie'] as unknown as string[] | undefined) ?? []) {
      const [pair] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (/Max-Age=0/.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

async function accountWithPassword(t: TestApp, email: string): Promise<void> {
  const created = await request(t.url)
    .post('/v1/admin/accounts')
    .auth(ADMIN_TOKEN, { type: 'bearer' })
    .send({ email });
  expect(created.status).toBe(201);
  await t.app.get(DashboardCredentials).setPassword(email, PASSWORD);
}

const alert = (response: request.Response) => /role="alert">([^<]*)</.exec(response.text)?.[1];

describe('dashboard sign-in: failed attempts slow down guessing, never the holder (docs/api.md §12)', () => {
  let t: TestApp;
  let clock: ManualClock;

  beforeAll(async () => {
    clock = new ManualClock();
    t = await startTestApp({}, (app) => app.overrideProvider(Clock).useValue(clock));
  });
  afterAll(() => t.close());
  // Failures are forgotten a day after the last: each test starts with none, the address's too.
  beforeEach(() => clock.advance(24 * 60 * 60 * 1000));

  it('never refuses the right password from a browser that signed in before, however many guesses others made', async () => {
    await accountWithPassword(t, HOLDER);
    const holders = new Browser(t);
    expect((await holders.signIn(HOLDER, PASSWORD)).status).toBe(303);
    expect(holders.cookies.get('quarry_browser')).toBeDefined();

    const guesser = new Browser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await guesser.signIn(HOLDER, WRONG)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    expect((await new Browser(t).signIn(HOLDER, PASSWORD)).status).toBe(429);
    const signedIn = await holders.signIn(HOLDER, PASSWORD);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.location).toBe('/dashboard/');
  });

  it('never refuses eight good sign-ins in a row, from browsers it has never seen', async () => {
    await accountWithPassword(t, EIGHT);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await new Browser(t).signIn(EIGHT, PASSWORD)).status);
    expect(statuses).toEqual(Array(8).fill(303));
  });

  it("clears the account's failures at a successful sign-in", async () => {
    await accountWithPassword(t, TYPO);
    const statuses: number[] = [];
    for (const password of [WRONG, WRONG, WRONG, WRONG, PASSWORD, WRONG, WRONG, WRONG, WRONG])
      statuses.push((await new Browser(t).signIn(TYPO, password)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 303, 401, 401, 401, 401]);
  });

  it('makes each further wrong guess wait twice as long, said on the form and in Retry-After', async () => {
    await accountWithPassword(t, TARGET);
    const guesser = new Browser(t);
    for (let i = 0; i < 5; i++) expect((await guesser.signIn(TARGET, WRONG)).status).toBe(401);
    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await guesser.signIn(TARGET, WRONG);
      expect(refused.status).toBe(429);
      waits.push(refused.headers['retry-after']);
      clock.advance(Number(refused.headers['retry-after']) * 1000);
      expect((await guesser.signIn(TARGET, WRONG)).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8']);
    const refused = await new Browser(t).signIn(TARGET, PASSWORD);
    expect(refused.status).toBe(429);
    expect(alert(refused)).toMatch(/^Too many failed sign-ins; try again in 16 seconds\./);
    clock.advance(16_000);
    expect((await new Browser(t).signIn(TARGET, PASSWORD)).status).toBe(303);
  });

  it('slows down guesses of the current password on the change-password form as it does sign-ins', async () => {
    await accountWithPassword(t, CHANGER);
    const holder = new Browser(t);
    expect((await holder.signIn(CHANGER, PASSWORD)).status).toBe(303);
    const change = (currentPassword: string) =>
      holder.submit('/dashboard/account', '/dashboard/account/password', {
        currentPassword,
        newPassword: 'a brand new passphrase',
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await change(WRONG)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const refused = await change(PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.text).toContain('Too many wrong passwords; try again in 1 second.');
    // The same count as the sign-in page's: a browser never seen before is held up too.
    expect((await new Browser(t).signIn(CHANGER, PASSWORD)).status).toBe(429);

    clock.advance(1000);
    const changed = await change(PASSWORD);
    expect(changed.status).toBe(303);
    expect(changed.headers.location).toBe('/dashboard/account?notice=password-changed');
    expect((await new Browser(t).signIn(CHANGER, 'a brand new passphrase')).status).toBe(303);
  });
});

describe('dashboard sign-in: the client address (docs/api.md §12)', () => {
  const options: DashboardModuleOptions = { signInFreeFailuresPerAddress: 2 };

  async function failTwiceFromOneAddressThenTryAnother(trustProxy: number): Promise<number[]> {
    const t = await startTestApp({}, (app) =>
      app.overrideProvider(DASHBOARD_MODULE_OPTIONS).useValue({ ...options, trustProxy }),
    );
    const shared = email('shared');
    try {
      await accountWithPassword(t, shared);
      const from = (address: string) => new Browser(t, { 'x-forwarded-for': `198.51.100.9, ${address}` });
      return [
        (await from('203.0.113.7').signIn('first@example.com', WRONG)).status,
        (await from('203.0.113.7').signIn('second@example.com', WRONG)).status,
        (await from('203.0.113.7').signIn(shared, PASSWORD)).status,
        (await from('203.0.113.8').signIn(shared, PASSWORD)).status,
      ];
    } finally {
      await t.close();
    }
  }

  it('ignores X-Forwarded-For unless told a proxy sets it: every client is then the connection', async () => {
    expect(await failTwiceFromOneAddressThenTryAnother(0)).toEqual([401, 401, 429, 429]);
  });

  it('with trustProxy 1, counts failures per address the proxy appended', async () => {
    expect(await failTwiceFromOneAddressThenTryAnother(1)).toEqual([401, 401, 429, 303]);
  });
});

describe('dashboard sign-in: the form token (docs/api.md §12)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ QUARRY_DASHBOARD_SECURE_COOKIES: 'true' });
    await accountWithPassword(t, FORMS);
  });
  afterAll(() => t.close());

  it('keeps the pre-session in a __Host- cookie: Secure, Path=/, no Domain', async () => {
    const form = await request(t.url).get('/dashboard/sign-in');
    const [cookie] = form.headers['set-cookie'] as unknown as string[];
    expect(cookie).toMatch(/^__Host-quarry_presession=[A-Za-z0-9_-]{43}; /);
    expect(cookie.split('; ')).toEqual(expect.arrayContaining(['Path=/', 'Secure', 'HttpOnly']));
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('refuses a cookie and a token that match only because the sender chose both (403)', async () => {
    const chosen = 'A'.repeat(43);
    const forged = await request(t.url)
      .post('/dashboard/sign-in')
      .set('cookie', `__Host-quarry_presession=${chosen}`)
      .type('form')
      .send({ _csrf: chosen, email: FORMS, password: PASSWORD });
    expect(forged.status).toBe(403);
  });

  it("refuses one pre-session's token with another pre-session's cookie (403)", async () => {
    const mine = await request(t.url).get('/dashboard/sign-in');
    const theirs = await request(t.url).get('/dashboard/sign-in');
    const response = await request(t.url)
      .post('/dashboard/sign-in')
      .set('cookie', (theirs.headers['set-cookie'] as unknown as string[])[0].split(';')[0])
      .type('form')
      .send({
        _csrf: /name="_csrf" value="([^"]+)"/.exec(mine.text)![1],
        email: FORMS,
        password: PASSWORD,
      });
    expect(response.status).toBe(403);
  });

  it('accepts the token the form was given with its own cookie', async () => {
    expect((await new Browser(t).signIn(FORMS, PASSWORD)).status).toBe(303);
  });
});
