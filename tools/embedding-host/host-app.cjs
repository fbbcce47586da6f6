// A host app of its own, installed from the packed tarballs outside the workspace: its own
// DataSource, global pipe and filter, ScheduleModule, ThrottlerModule and routes, with Quarry's
// scrape and crawl modules mounted under the host's prefix (scrape behind Quarry's API keys, crawl
// behind the host's own session guard), its OpenAPI document, and host code of its own that calls
// ScrapeService directly. Its database is HOST_DATABASE_URL (`sqlite:<path>` or `postgres://...`),
// shared by the host's DataSource and Quarry's, as docs/embedding.md describes. Written in plain
// CommonJS (decorators applied as functions) so the host needs no compiler. Prints one line per
// check; exits 1 on a failure.
require('reflect-metadata');
const { createServer } = require('node:http');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const common = require('@nestjs/common');
const { NestFactory, APP_FILTER, APP_PIPE } = require('@nestjs/core');
const { TypeOrmModule } = require('@nestjs/typeorm');
const { ScheduleModule, Interval } = require('@nestjs/schedule');
const { ThrottlerModule, ThrottlerGuard } = require('@nestjs/throttler');
const { DocumentBuilder, SwaggerModule } = require('@nestjs/swagger');
const { IsString } = require('class-validator');
const { EntitySchema } = require('typeorm');
const quarry = {
  core: require('@quarry/core'),
  persistence: require('@quarry/persistence'),
  queueDb: require('@quarry/queue-db'),
  net: require('@quarry/net'),
  browser: require('@quarry/browser'),
  accounts: require('@quarry/accounts'),
  scrape: require('@quarry/scrape'),
  crawl: require('@quarry/crawl'),
};

const { Body, Controller, Get, Inject, Injectable, Module, Post, UseGuards, HttpException } = common;
const databaseUrl = process.env.HOST_DATABASE_URL;
if (!databaseUrl) throw new Error('HOST_DATABASE_URL is not set: sqlite:<path> or postgres://...');
const dir = mkdtempSync(join(tmpdir(), 'quarry-host-data-'));
let failures = 0;
function check(name, ok, detail) {
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : `: ${JSON.stringify(detail)}`}`);
}
const method = (decorator, target, name) =>
  decorator(target.prototype, name, Object.getOwnPropertyDescriptor(target.prototype, name));

// The host's own entity, DTO, filter, interval and routes.
const HostNote = new EntitySchema({
  name: 'HostNote',
  tableName: 'host_notes',
  columns: { id: { type: Number, primary: true, generated: true }, title: { type: String } },
});

class NoteDto {}
IsString()(NoteDto.prototype, 'title');

class HostFilter {
  catch(exception, host) {
    const status = exception instanceof HttpException ? exception.getStatus() : 500;
    host.switchToHttp().getResponse().status(status).json({ host: true, status });
  }
}
common.Catch()(HostFilter);

class Ticks {
  constructor() {
    this.count = 0;
  }
  tick() {
    this.count += 1;
  }
}
Injectable()(Ticks);
method(Interval('host-tick', 100), Ticks, 'tick');

class HostController {
  constructor(ticks) {
    this.ticks = ticks;
  }
  hello() {
    return { hello: 'host' };
  }
  create(note) {
    return { created: note.title };
  }
  limited() {
    return { ok: true };
  }
  teapot() {
    throw new HttpException('short and stout', 418);
  }
}
Inject(Ticks)(HostController, undefined, 0);

/** The host's own sign-in, which Quarry's crawl routes take: its session header names the account. */
class HostSessionGuard {
  canActivate(context) {
    const request = context.switchToHttp().getRequest();
    const accountId = request.headers['x-host-account'];
    if (!accountId) return false;
    request.auth = { accountId };
    return true;
  }
}

/** The host's own code on Quarry: reads an article for a user, who pays for it like any scrape. */
class HostReader {
  constructor(scrapes) {
    this.scrapes = scrapes;
  }
  async read(userId, url) {
    const { result } = await this.scrapes.scrape(userId, { url });
    return result.title;
  }
}
Inject(quarry.scrape.ScrapeService)(HostReader, undefined, 0);
Injectable()(HostReader);
Controller('host')(HostController);
method(Get('hello'), HostController, 'hello');
method(Post('notes'), HostController, 'create');
Body()(HostController.prototype, 'create', 0);
Reflect.defineMetadata('design:paramtypes', [NoteDto], HostController.prototype, 'create');
method(Get('limited'), HostController, 'limited');
method(UseGuards(ThrottlerGuard), HostController, 'limited');
method(Get('teapot'), HostController, 'teapot');

/** A page of its own title and text, with links. */
const html = (title, links = []) =>
  `<!doctype html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>
<p>${'A paragraph that a host app scrapes through Quarry, long enough to count as the article. '.repeat(4)}</p>
${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</article></body></html>`;

/** The host's site: an article, a page for direct calls, and a small site to crawl (/site, /site/a, /site/b). */
const PAGES = {
  '/article': html('Host story'),
  '/direct': html('Direct story'),
  '/site': html('Site home', ['/site/a', '/site/b']),
  '/site/a': html('Site page A', ['/site', '/site/b']),
  '/site/b': html('Site page B', ['/site/a']),
};

function origin() {
  const server = createServer((req, res) => {
    const page = PAGES[req.url];
    if (page) return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    if (req.url === '/image.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('PNG');
    res.writeHead(404).end('missing');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** One database for the host and Quarry: Quarry's migrations are recorded apart from the host's. */
const QUARRY_MIGRATIONS_TABLE = 'quarry_migrations';

const quarryTables = () => ({
  entities: [
    ...quarry.queueDb.queueDbEntities,
    ...quarry.accounts.accountsEntities,
    ...quarry.scrape.scrapeEntities,
    ...quarry.crawl.crawlEntities,
  ],
  migrations: [
    ...quarry.queueDb.queueDbMigrations,
    ...quarry.accounts.accountsMigrations,
    ...quarry.scrape.scrapeMigrations,
    ...quarry.crawl.crawlMigrations,
  ],
});

async function fullHost(site) {
  class HostModule {}
  Module({
    imports: [
      TypeOrmModule.forRoot({
        ...quarry.persistence.dataSourceOptionsFromUrl(databaseUrl, { entities: [HostNote], migrations: [] }),
        migrationsRun: false,
        synchronize: true,
      }),
      TypeOrmModule.forRoot({
        name: 'quarry',
        ...quarry.persistence.dataSourceOptionsFromUrl(databaseUrl, quarryTables()),
        migrationsTableName: QUARRY_MIGRATIONS_TABLE,
      }),
      ScheduleModule.forRoot(),
      ThrottlerModule.forRoot([{ ttl: 60_000, limit: 2 }]),
      quarry.core.QuarryCoreModule,
      quarry.persistence.QuarryDataSourceModule.forRoot({ dataSource: 'quarry' }),
      quarry.net.NetModule.forRoot({ isGlobal: true, allowHosts: [`127.0.0.1:${site.address().port}`] }),
      quarry.browser.BrowserModule.forRoot({ isGlobal: true }),
      quarry.accounts.AccountsModule.forRoot({}),
      quarry.queueDb.DatabaseQueueModule.forRoot({}),
      // Billing configured: the credit ledger of AccountsModule pays for every scrape, direct or not.
      quarry.scrape.ScrapeModule.forRootAsync({
        inject: [quarry.accounts.LedgerBilling],
        useFactory: (billing) => ({ billing }),
      }),
      quarry.scrape.ScrapeHttpModule,
      quarry.crawl.CrawlModule.forRoot({}),
      quarry.crawl.CrawlHttpModule.forRoot({
        guard: new HostSessionGuard(),
        security: [{ hostSession: [] }],
      }),
    ],
    controllers: [HostController],
    providers: [
      Ticks,
      HostReader,
      {
        provide: APP_PIPE,
        useValue: new common.ValidationPipe({ whitelist: true, forbidNonWhitelisted: true }),
      },
      { provide: APP_FILTER, useClass: HostFilter },
    ],
  })(HostModule);
  const app = await NestFactory.create(HostModule, { logger: ['error'] });
  app.setGlobalPrefix('host-api');
  await app.listen(0, '127.0.0.1');
  return app;
}

async function call(base, path, { method: verb = 'GET', body, key, account } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: verb,
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(account ? { 'x-host-account': account } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

/** 50 concurrent direct calls of the host's own code, for a user holding 10 credits. */
async function directCalls(app, page) {
  const user = await app.get(quarry.accounts.AccountsService).create('reader@example.com', 10);
  const reader = app.get(HostReader);
  const calls = await Promise.allSettled(
    Array.from({ length: 50 }, () => reader.read(user.id, page('/direct'))),
  );
  const succeeded = calls.filter((call) => call.status === 'fulfilled' && call.value === 'Direct story');
  const refused = calls.filter(
    (call) => call.status === 'rejected' && call.reason instanceof quarry.core.PaymentRequiredError,
  );
  const ledger = app.get(quarry.accounts.CreditLedger);
  const [account, held, usage] = await Promise.all([
    app.get(quarry.accounts.AccountsService).get(user.id),
    ledger.reserved(user.id),
    ledger.usageSince(user.id, new Date(Date.now() - 60_000)),
  ]);
  const others = calls.filter((call) => !succeeded.includes(call) && !refused.includes(call));
  console.log(
    `     direct ScrapeService.scrape(): ${succeeded.length} succeeded, ${refused.length} refused with PaymentRequiredError, ` +
      `${others.length} other; ${usage.scrape?.count ?? 0} charges of ${usage.scrape?.credits ?? 0} credits; ` +
      `balance ${account.credits}, held ${held}`,
  );
  check(
    '50 concurrent direct ScrapeService.scrape() calls on 10 credits: 10 succeed, 40 get PaymentRequiredError',
    succeeded.length === 10 && refused.length === 40,
    others.map((call) => (call.status === 'rejected' ? String(call.reason) : call.value)).slice(0, 3),
  );
  check(
    'the 10 successes are charged once each and the balance ends at 0',
    usage.scrape?.count === 10 && usage.scrape?.credits === 10 && account.credits === 0 && held === 0,
    { usage, credits: account.credits, held },
  );
}

/** CrawlHttpModule under the host's prefix, behind the host's session: a map and a crawl of the host's small site. */
async function crawlChecks(app, base, page) {
  const crawler = await app.get(quarry.accounts.AccountsService).create('crawler@example.com', 10);
  const withKey = await call(base, '/host-api/map', {
    method: 'POST',
    body: { url: page('/site') },
    key: 'qk',
  });
  check("the crawl routes take the host's session, not an API key", withKey.status === 403, withKey);
  const siteUrls = ['/site', '/site/a', '/site/b'].map(page);
  const map = await call(base, '/host-api/map', {
    method: 'POST',
    body: { url: page('/site') },
    account: crawler.id,
  });
  check(
    'a map lists the site from its start URL',
    map.status === 200 &&
      map.body.links[0] === siteUrls[0] &&
      siteUrls.every((url) => map.body.links.includes(url)),
    map,
  );
  const started = await call(base, '/host-api/crawl', {
    method: 'POST',
    body: { url: page('/site'), limit: 10 },
    account: crawler.id,
  });
  let job = started.body;
  const startedAt = Date.now();
  while (started.status === 202 && !['completed', 'cancelled', 'failed'].includes(job.status)) {
    if (Date.now() - startedAt > 120_000) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
    job = (await call(base, `/host-api/crawl/${started.body.jobId}`, { account: crawler.id })).body;
  }
  const titles = (job.pages ?? []).map((crawled) => crawled.title).sort();
  console.log(
    `     crawl of /site: ${job.status}, ${job.completed} pages completed, ${job.creditsUsed} credits, ${
      Date.now() - startedAt
    } ms`,
  );
  check(
    'a crawl from the host scrapes the three pages of its site, 1 credit each',
    started.status === 202 &&
      job.status === 'completed' &&
      titles.join() === 'Site home,Site page A,Site page B' &&
      job.creditsUsed === 3,
    { started, job },
  );
}

/** The host's OpenAPI document names only the schemes the host defines: Quarry's API keys for scrape, its session for crawl. */
function documentChecks(app) {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .addBearerAuth()
      .addApiKey({ type: 'apiKey', in: 'header', name: 'x-api-key' }, 'x-api-key')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'x-host-account' }, 'hostSession')
      .build(),
  );
  const schemesOf = (path) =>
    Object.values(document.paths[path] ?? {}).flatMap((operation) =>
      (operation.security ?? []).flatMap((requirement) => Object.keys(requirement)),
    );
  const named = new Set(Object.keys(document.paths).flatMap(schemesOf));
  const undefinedSchemes = [...named].filter((name) => !(name in document.components.securitySchemes));
  check("the host's document names only security schemes it defines", undefinedSchemes.length === 0, {
    undefinedSchemes,
  });
  check(
    "the document names Quarry's API keys for scrape and the host's session for crawl",
    schemesOf('/host-api/scrape').join() === 'bearer,x-api-key' &&
      schemesOf('/host-api/crawl').join() === 'hostSession',
    { scrape: schemesOf('/host-api/scrape'), crawl: schemesOf('/host-api/crawl') },
  );
}

async function main() {
  const site = await origin();
  const page = (path) => `http://127.0.0.1:${site.address().port}${path}`;

  const app = await fullHost(site);
  const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  try {
    const ticksAt = Date.now();
    const ticks = app.get(Ticks);
    const startCount = ticks.count;

    const hello = await call(base, '/host-api/host/hello');
    check("the host's route answers as before", hello.status === 200 && hello.body.hello === 'host', hello);
    const badNote = await call(base, '/host-api/host/notes', { method: 'POST', body: { title: 5 } });
    check(
      "the host's pipe and filter shape its own 400",
      badNote.status === 400 && badNote.body.host === true,
      badNote,
    );
    const extra = await call(base, '/host-api/host/notes', { method: 'POST', body: { title: 'a', more: 1 } });
    check("the host's whitelist rules its own DTOs", extra.status === 400 && extra.body.host === true, extra);
    const teapot = await call(base, '/host-api/host/teapot');
    check(
      "the host's exceptions keep the host's shape",
      teapot.status === 418 && teapot.body.host === true,
      teapot,
    );
    const limited = [];
    for (let i = 0; i < 3; i++) limited.push((await call(base, '/host-api/host/limited')).status);
    check("the host's rate limit holds", limited.join() === '200,200,429', limited);

    const noKey = await call(base, '/host-api/scrape', {
      method: 'POST',
      body: { url: page('/article') },
    });
    check(
      'a Quarry route without a key answers 401',
      noKey.status === 401 && noKey.body.error === 'unauthorized',
      noKey,
    );

    const account = await app.get(quarry.accounts.AccountsService).create('host@example.com', 2);
    const { apiKey } = await app.get(quarry.accounts.ApiKeysService).create(account.id);
    const scrape = (body) => call(base, '/host-api/scrape', { method: 'POST', body, key: apiKey });
    const wrongType = await scrape({ url: 42 });
    check(
      'a Quarry body of the wrong type answers 400 with details',
      wrongType.status === 400 &&
        wrongType.body.error === 'invalid_request' &&
        wrongType.body.details?.url !== undefined,
      wrongType,
    );
    const unknownField = await scrape({ url: page('/article'), colour: 'red' });
    check(
      "Quarry refuses an unknown field in its own words, whatever the host's whitelisting pipe does",
      unknownField.status === 400 &&
        unknownField.body.error === 'invalid_request' &&
        unknownField.body.details?.colour === 'is not an allowed field' &&
        unknownField.body.host === undefined,
      unknownField,
    );
    const privateUrl = await scrape({ url: 'http://10.0.0.1/' });
    check(
      'a private URL answers 400',
      privateUrl.status === 400 && privateUrl.body.error === 'invalid_request',
      privateUrl,
    );
    const missing = await scrape({ url: page('/missing') });
    check(
      "an origin's 404 answers 404 URL_NOT_FOUND",
      missing.status === 404 && missing.body.error === 'URL_NOT_FOUND',
      missing,
    );
    const image = await scrape({ url: page('/image.png') });
    check(
      'unreadable content answers 422',
      image.status === 422 && image.body.error === 'UNREADABLE_CONTENT',
      image,
    );
    const ok = await scrape({ url: page('/article') });
    check(
      'a scrape answers 200 with Markdown',
      ok.status === 200 && /scrapes through Quarry/.test(ok.body.markdown ?? ''),
      ok,
    );
    const again = await scrape({ url: page('/article'), forceFresh: true });
    const broke = await scrape({ url: page('/article'), forceFresh: true });
    check(
      'the ledger refuses to overdraw (402 once the credits are spent)',
      again.status === 200 && broke.status === 402,
      [again.status, broke.status],
    );

    await directCalls(app, page);
    await crawlChecks(app, base, page);
    documentChecks(app);

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const perSecond = ((ticks.count - startCount) * 1000) / (Date.now() - ticksAt);
    check("the host's 100 ms interval fires once per period, not twice", perSecond <= 12, { perSecond });
  } finally {
    await app.close();
  }

  // Synchronous scraping in a host with no accounts, keys, credits or job queue.
  class Programmatic {}
  Module({
    imports: [
      TypeOrmModule.forRoot({
        ...quarry.persistence.dataSourceOptionsFromUrl(databaseUrl, {
          entities: quarry.scrape.scrapeEntities,
          migrations: quarry.scrape.scrapeMigrations,
        }),
        migrationsTableName: QUARRY_MIGRATIONS_TABLE,
      }),
      quarry.core.QuarryCoreModule,
      quarry.persistence.QuarryDataSourceModule,
      quarry.net.NetModule.forRoot({ isGlobal: true, allowHosts: [`127.0.0.1:${site.address().port}`] }),
      quarry.browser.BrowserModule.forRoot({ isGlobal: true }),
      quarry.scrape.ScrapeModule.forRoot({}),
    ],
  })(Programmatic);
  const plain = await NestFactory.createApplicationContext(Programmatic, { logger: ['error'] });
  try {
    const { result } = await plain
      .get(quarry.scrape.ScrapeService)
      .scrape('host-user-1', { url: page('/article') });
    check(
      'ScrapeService scrapes with no accounts module and no queue',
      result.title === 'Host story' && /scrapes through Quarry/.test(result.markdown),
      result,
    );
  } catch (error) {
    check('ScrapeService scrapes with no accounts module and no queue', false, String(error));
  } finally {
    await plain.close();
  }

  // A ledger schema made by synchronize (no CHECK, no triggers), on a SQLite file of its own, must stop the boot.
  class Synchronized {}
  Module({
    imports: [
      TypeOrmModule.forRoot({
        type: 'better-sqlite3',
        database: join(dir, 'synchronized.sqlite'),
        entities: quarry.accounts.accountsEntities,
        synchronize: true,
      }),
      quarry.core.QuarryCoreModule,
      quarry.persistence.QuarryDataSourceModule,
      quarry.accounts.AccountsModule.forRoot({}),
    ],
  })(Synchronized);
  const refused = await NestFactory.createApplicationContext(Synchronized, {
    logger: false,
    abortOnError: false,
  })
    .then(async (context) => {
      await context.close();
      return undefined;
    })
    .catch((error) => String(error));
  check(
    'a ledger without its CHECK and triggers refuses to boot',
    /accountsMigrations/.test(refused ?? ''),
    refused,
  );

  site.close();
  console.log(failures === 0 ? 'all host checks passed' : `${failures} host check(s) failed`);
  process.exit(failures === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
