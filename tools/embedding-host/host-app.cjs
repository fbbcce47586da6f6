// A host app of its own, installed from the packed tarballs outside the workspace: its own
// DataSource, global pipe and filter, ScheduleModule, ThrottlerModule and routes, with Quarry's
// scrape module mounted under the host's prefix. Written in plain CommonJS (decorators applied
// as functions) so the host needs no compiler. Prints one line per check; exits 1 on a failure.
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
};

const { Body, Controller, Get, Inject, Injectable, Module, Post, UseGuards, HttpException } = common;
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
Controller('host')(HostController);
method(Get('hello'), HostController, 'hello');
method(Post('notes'), HostController, 'create');
Body()(HostController.prototype, 'create', 0);
Reflect.defineMetadata('design:paramtypes', [NoteDto], HostController.prototype, 'create');
method(Get('limited'), HostController, 'limited');
method(UseGuards(ThrottlerGuard), HostController, 'limited');
method(Get('teapot'), HostController, 'teapot');

function origin() {
  const article = `<!doctype html><html><head><title>Host story</title></head><body><article><h1>Host story</h1>
<p>${'A paragraph that a host app scrapes through Quarry, long enough to count as the article. '.repeat(4)}</p></article></body></html>`;
  const server = createServer((req, res) => {
    if (req.url === '/article') return res.writeHead(200, { 'content-type': 'text/html' }).end(article);
    if (req.url === '/image.png') return res.writeHead(200, { 'content-type': 'image/png' }).end('PNG');
    res.writeHead(404).end('missing');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const quarryTables = () => ({
  entities: [
    ...quarry.queueDb.queueDbEntities,
    ...quarry.accounts.accountsEntities,
    ...quarry.scrape.scrapeEntities,
  ],
  migrations: [
    ...quarry.queueDb.queueDbMigrations,
    ...quarry.accounts.accountsMigrations,
    ...quarry.scrape.scrapeMigrations,
  ],
});

async function fullHost(site) {
  class HostModule {}
  Module({
    imports: [
      TypeOrmModule.forRoot({
        type: 'better-sqlite3',
        database: join(dir, 'host.sqlite'),
        entities: [HostNote],
        synchronize: true,
      }),
      TypeOrmModule.forRoot({
        name: 'quarry',
        ...quarry.persistence.dataSourceOptionsFromUrl(
          `sqlite:${join(dir, 'quarry.sqlite')}`,
          quarryTables(),
        ),
      }),
      ScheduleModule.forRoot(),
      ThrottlerModule.forRoot([{ ttl: 60_000, limit: 2 }]),
      quarry.core.QuarryCoreModule,
      quarry.persistence.QuarryDataSourceModule.forRoot({ dataSource: 'quarry' }),
      quarry.net.NetModule.forRoot({ isGlobal: true, allowHosts: [`127.0.0.1:${site.address().port}`] }),
      quarry.browser.BrowserModule.forRoot({ isGlobal: true }),
      quarry.accounts.AccountsModule.forRoot({}),
      quarry.queueDb.DatabaseQueueModule.forRoot({}),
      quarry.scrape.ScrapeModule.forRoot({}),
      quarry.scrape.ScrapeHttpModule,
    ],
    controllers: [HostController],
    providers: [
      Ticks,
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

async function call(base, path, { method: verb = 'GET', body, key } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: verb,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
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
      TypeOrmModule.forRoot(
        quarry.persistence.dataSourceOptionsFromUrl(`sqlite:${join(dir, 'plain.sqlite')}`, {
          entities: quarry.scrape.scrapeEntities,
          migrations: quarry.scrape.scrapeMigrations,
        }),
      ),
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

  // A ledger schema made by synchronize (no CHECK, no triggers) must stop the boot.
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
