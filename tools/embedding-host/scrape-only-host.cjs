// A host app that installed scraping alone: @quarry/scrape and the packages it depends on, no
// @quarry/accounts, no @quarry/browser, no pdfjs-dist. It scrapes a page of its own over HTTP
// behind its own guard, and checks that what needs a missing optional package is refused naming it.
// Plain CommonJS (decorators applied as functions), so the host needs no compiler. Prints one line
// per check; exits 1 on a failure.
require('reflect-metadata');
const { createServer } = require('node:http');
const { mkdtempSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { TypeOrmModule } = require('@nestjs/typeorm');
const quarry = {
  core: require('@quarry/core'),
  persistence: require('@quarry/persistence'),
  net: require('@quarry/net'),
  scrape: require('@quarry/scrape'),
};

let failures = 0;
function check(name, ok, detail) {
  if (!ok) failures += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok ? '' : `: ${JSON.stringify(detail)}`}`);
}

/** The host's own authentication: a team token, acting for the team's account. */
class TeamTokenGuard {
  canActivate(context) {
    const request = context.switchToHttp().getRequest();
    if (request.headers['x-team-token'] !== 'team-secret') return false;
    request.auth = { accountId: 'team' };
    return true;
  }
}

const article = `<!doctype html><html><head><title>Lean story</title></head><body><article><h1>Lean story</h1>
<p>${'A paragraph a scrape-only host reads over plain HTTP, long enough to be the article. '.repeat(4)}</p></article></body></html>`;

function origin() {
  const server = createServer((req, res) => {
    if (req.url === '/story') return res.writeHead(200, { 'content-type': 'text/html' }).end(article);
    if (req.url === '/report.pdf')
      return res.writeHead(200, { 'content-type': 'application/pdf' }).end('%PDF-1.4\n%%EOF\n');
    res.writeHead(404).end('missing');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function scrapeOnlyHost(site) {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-scrape-only-'));
  class HostModule {}
  Module({
    imports: [
      TypeOrmModule.forRoot(
        quarry.persistence.dataSourceOptionsFromUrl(`sqlite:${join(dir, 'quarry.sqlite')}`, {
          entities: quarry.scrape.scrapeEntities,
          migrations: quarry.scrape.scrapeMigrations,
        }),
      ),
      quarry.core.QuarryCoreModule,
      quarry.persistence.QuarryDataSourceModule,
      quarry.net.NetModule.forRoot({ isGlobal: true, allowHosts: [`127.0.0.1:${site.address().port}`] }),
      quarry.scrape.ScrapeModule.forRoot({}),
      quarry.scrape.ScrapeHttpModule.forRoot({ guard: new TeamTokenGuard() }),
    ],
  })(HostModule);
  const app = await NestFactory.create(HostModule, { logger: ['error'] });
  await app.listen(0, '127.0.0.1');
  return app;
}

async function scrape(base, body, token = 'team-secret') {
  const response = await fetch(`${base}/scrape`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-team-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const installed = (name) => {
  try {
    require.resolve(name);
    return true;
  } catch {
    return false;
  }
};

async function main() {
  for (const absent of ['@quarry/accounts', '@quarry/browser', 'pdfjs-dist', 'puppeteer-core'])
    check(`${absent} is not installed`, !installed(absent));
  const site = await origin();
  const storyUrl = `http://127.0.0.1:${site.address().port}/story`;
  const app = await scrapeOnlyHost(site);
  try {
    const base = await app.getUrl();
    const refused = await scrape(base, { url: storyUrl }, '');
    check("the host's guard refuses a request without its token", refused.status === 403, refused);
    const scraped = await scrape(base, { url: storyUrl });
    check(
      'POST /scrape reads the page over HTTP',
      scraped.status === 200 &&
        scraped.body.title === 'Lean story' &&
        scraped.body.markdown.includes('plain HTTP'),
      scraped,
    );
    const rendered = await scrape(base, { url: storyUrl, waitForSelector: 'article', forceFresh: true });
    check(
      'a request that needs the browser is 501 naming @quarry/browser',
      rendered.status === 501 &&
        rendered.body.error === 'not_implemented' &&
        rendered.body.message.includes('@quarry/browser'),
      rendered,
    );
    const pdf = await scrape(base, { url: `http://127.0.0.1:${site.address().port}/report.pdf` });
    check(
      'a PDF is 422 UNREADABLE_CONTENT naming pdfjs-dist',
      pdf.status === 422 &&
        pdf.body.error === 'UNREADABLE_CONTENT' &&
        pdf.body.message.includes('pdfjs-dist'),
      pdf,
    );
  } finally {
    await app.close();
    site.close();
  }
}

main()
  .catch((error) => check('the scrape-only host runs', false, String(error?.stack ?? error)))
  .finally(() => process.exit(failures ? 1 : 0));
