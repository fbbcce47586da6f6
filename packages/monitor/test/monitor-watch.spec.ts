import { IncomingHttpHeaders } from 'node:http';
import { InvalidRequestError, NotFoundError } from '@quarry/core';
import { AccountsService } from '@quarry/accounts';
import { FixtureServer, startFixtureServer } from '@quarry/testing';
import { CreateMonitorRequest, MonitorCheck, MonitorsService } from '../src';
import {
  createMonitorTestContext,
  eventually,
  MonitorTestContext,
  monitorEngines,
} from './support/monitor-test-module';

/** A page whose heading area, date and price change apart from its article. */
const INITIAL = { version: 2, date: '2026-01-05', price: '10 EUR', stock: 'In stock' };
const state = { ...INITIAL };
const releaseNotes = () => `<!doctype html><html><head><title>Release notes</title></head><body>
<header><h1>Release notes</h1><p>Updated: version ${state.version}</p><p>Published ${state.date}</p></header>
<article><h2>What is new</h2>
<p>The importer reads spreadsheets with merged cells and keeps the formatting of every column as it was.</p>
<p>Exports are faster: a report of ten thousand rows is written in under a second on an ordinary laptop.</p>
<p class="price">Price: ${state.price}</p><p class="stock">${state.stock}</p></article></body></html>`;

describe.each(monitorEngines())('what a monitor watches, on %s', (_name, engine) => {
  let origin: FixtureServer;
  let context: MonitorTestContext;
  let monitors: MonitorsService;
  let accountId: string;
  const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];

  beforeAll(async () => {
    Object.assign(state, INITIAL);
    origin = await startFixtureServer({
      '/notes': () => ({ body: releaseNotes() }),
      '/hook': (request, body) => {
        hooks.push({ headers: request.headers, body: body.toString('utf8') });
        return { status: 204 };
      },
    });
    context = await createMonitorTestContext({
      engine,
      allowHosts: [origin.hostPort],
      options: { webhookBackoffMs: 50 },
    });
    monitors = context.moduleRef.get(MonitorsService);
    accountId = (await context.moduleRef.get(AccountsService).create('watcher@example.com', 100)).id;
  });
  afterAll(async () => {
    await context.close();
    await origin.close();
  });

  const checks = (id: string) => monitors.checks(accountId, id, { limit: 200 });
  async function create(request: Omit<CreateMonitorRequest, 'url'>): Promise<string> {
    const { monitor } = await monitors.create(accountId, {
      url: `${origin.origin}/notes`,
      notifications: { email: false },
      ...request,
    });
    await eventually(
      () => checks(monitor.id),
      (list) => list.length === 1,
    );
    return monitor.id;
  }
  async function check(id: string): Promise<MonitorCheck> {
    const before = (await checks(id)).length;
    await new Promise((resolve) => setTimeout(resolve, 2));
    await monitors.runNow(accountId, id);
    return (
      await eventually(
        () => checks(id),
        (list) => list.length > before,
      )
    )[0];
  }

  it('scope page sees the heading area that the main content leaves out; scope content does not', async () => {
    state.version = 2;
    const content = await create({});
    const page = await create({ scope: 'page' });
    expect(await monitors.get(accountId, page)).toMatchObject({
      name: 'Release notes',
      scope: 'page',
      selector: null,
      ignore: [],
      trigger: null,
    });
    state.version = 3;
    expect((await check(content)).outcome).toBe('unchanged');
    expect((await check(page)).outcome).toBe('changed');
    const [event] = await monitors.events(accountId, page, { limit: 1 });
    expect(event.summary).toMatchObject({
      addedLines: ['Updated: version 3'],
      removedLines: ['Updated: version 2'],
    });
    expect(event.summary.unifiedDiff!.split('\n')).toEqual(
      expect.arrayContaining([
        '@@ -1,5 +1,5 @@',
        ' Release notes',
        '-Updated: version 2',
        '+Updated: version 3',
      ]),
    );
  });

  it('scope selector watches only its elements, and reports a selector that matches nothing as such', async () => {
    const price = await create({ scope: 'selector', selector: '.price', name: 'Price' });
    state.version += 1;
    expect((await check(price)).outcome).toBe('unchanged');
    state.price = '12 EUR';
    expect((await check(price)).outcome).toBe('changed');
    const [event] = await monitors.events(accountId, price, { limit: 1 });
    expect(event.summary.unifiedDiff).toBe('@@ -1,1 +1,1 @@\n-Price: 10 EUR\n+Price: 12 EUR');

    await monitors.update(accountId, price, { selector: '#gone' });
    expect(await check(price)).toMatchObject({
      outcome: 'error',
      errorCode: 'SELECTOR_NOT_FOUND',
      errorMessage: 'The selector matched nothing on the page.',
    });
    expect(await monitors.events(accountId, price, { limit: 10 })).toHaveLength(1);
  });

  it('takes a selector given without a scope as scope selector, on creation and on a change', async () => {
    const created = await monitors.get(accountId, await create({ selector: '.price' }));
    expect(created).toMatchObject({ scope: 'selector', selector: '.price' });
    const changed = await monitors.update(accountId, await create({}), { selector: '.price' });
    expect(changed).toMatchObject({ scope: 'selector', selector: '.price' });
    const back = await monitors.update(accountId, changed.id, { scope: 'content', selector: null });
    expect(back).toMatchObject({ scope: 'content', selector: null });
  });

  it('keeps what each successful check read, to browse check by check; an error check has none', async () => {
    state.price = '10 EUR';
    const id = await create({ scope: 'selector', selector: '.price' });
    const [baseline] = await checks(id);
    state.price = '14 EUR';
    const changed = await check(id);
    const unchanged = await check(id);
    expect([changed.outcome, unchanged.outcome]).toEqual(['changed', 'unchanged']);
    const snapshotOf = (checkId: string) => monitors.snapshot(accountId, id, checkId);
    expect(await snapshotOf(baseline.id)).toMatchObject({
      checkId: baseline.id,
      checkedAt: baseline.checkedAt,
      title: 'Release notes',
      text: 'Price: 10 EUR',
    });
    expect(await snapshotOf(changed.id)).toMatchObject({ checkId: changed.id, text: 'Price: 14 EUR' });
    const [first, second, third] = await Promise.all(
      [baseline, changed, unchanged].map((c) => snapshotOf(c.id)),
    );
    expect(second.contentHash).not.toBe(first.contentHash);
    expect(third.contentHash).toBe(second.contentHash);

    await monitors.update(accountId, id, { selector: '#gone' });
    const failed = await check(id);
    expect(failed.outcome).toBe('error');
    await expect(snapshotOf(failed.id)).rejects.toThrow(NotFoundError);
    const other = await create({});
    await expect(monitors.snapshot(accountId, other, changed.id)).rejects.toThrow(NotFoundError);
  });

  it('leaves out lines matching an ignore pattern', async () => {
    const id = await create({ scope: 'page', ignore: ['^Published \\d{4}-\\d{2}-\\d{2}$', '^Updated: '] });
    state.date = '2026-02-09';
    state.version += 1;
    expect((await check(id)).outcome).toBe('unchanged');
  });

  it('notifies only changes whose new text holds the trigger, and records every change', async () => {
    state.stock = 'In stock';
    const id = await create({
      scope: 'selector',
      selector: '.stock',
      trigger: 'Sold out',
      notifications: { email: false, webhook: { url: `${origin.origin}/hook` } },
    });
    state.stock = 'Few left';
    expect((await check(id)).outcome).toBe('changed');
    state.stock = 'Sold out';
    expect((await check(id)).outcome).toBe('changed');
    await eventually(
      async () => hooks.length,
      (count) => count >= 1,
    );
    expect(await monitors.events(accountId, id, { limit: 10 })).toHaveLength(2);
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0].body).event.summary.addedLines).toEqual(['Sold out']);
  });

  it('edits name, scope, ignore and trigger with update; a new scope starts from a new baseline', async () => {
    const id = await create({});
    const updated = await monitors.update(accountId, id, {
      name: 'Notes',
      scope: 'page',
      ignore: ['^Published '],
      trigger: 'version',
      notifications: { webhook: { url: `${origin.origin}/hook` } },
    });
    expect(updated).toMatchObject({
      name: 'Notes',
      scope: 'page',
      ignore: ['^Published '],
      trigger: 'version',
    });
    expect(updated.channels.map((channel) => channel.type)).toEqual(['email', 'webhook']);
    expect((await check(id)).outcome).toBe('baseline');
    const cleared = await monitors.update(accountId, id, { trigger: null, notifications: { webhook: null } });
    expect(cleared.trigger).toBeNull();
    expect(cleared.channels.map((channel) => channel.type)).toEqual(['email']);
  });

  it('refuses a selector that is not CSS, a selector without its scope, and patterns that may backtrack', async () => {
    const url = `${origin.origin}/notes`;
    const refusal = (request: Omit<CreateMonitorRequest, 'url'>) =>
      monitors.create(accountId, { url, ...request }).then(
        () => undefined,
        (error: unknown) => (error instanceof InvalidRequestError ? error.extra.details : error),
      );
    expect(await refusal({ scope: 'selector', selector: 'p[' })).toEqual({
      selector: expect.stringMatching(/^is not a CSS selector/),
    });
    expect(await refusal({ scope: 'selector' })).toEqual({ selector: 'is required with scope "selector"' });
    expect(await refusal({ scope: 'page', selector: '.price' })).toEqual({
      selector: 'is only used with scope "selector"',
    });
    expect(await refusal({ ignore: ['ok', '(a+)+$'] })).toEqual({
      'ignore[1]': expect.stringMatching(/repeat a group/),
    });
    expect(await refusal({ ignore: Array.from({ length: 21 }, () => 'x') })).toEqual({
      ignore: 'must hold at most 20 patterns',
    });
  });
});
