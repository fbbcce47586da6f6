// The crawl benchmark's baseline, run as a child process so that its CPU time and memory are its
// own: crawlee's CheerioCrawler at a fixed concurrency over one site, seeded like Quarry's crawl
// from the start URL and the sitemaps robots.txt names, obeying robots.txt, each page fetched,
// parsed with cheerio and its same-host links enqueued (nothing extracted). Prints `ready` once
// loaded and starts on a line from stdin; prints one JSON line `{ pages, failed, seeded }` (pages
// answered < 400, and the rest) and exits when stdin ends, so that it can be metered until then.
//
//   node tools/lib/crawlee-crawl.mjs START_URL CONCURRENCY
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [start, concurrency] = process.argv.slice(2);
const storage = mkdtempSync(join(tmpdir(), 'quarry-bench-crawlee-'));
process.env.CRAWLEE_STORAGE_DIR = storage;
const { CheerioCrawler, Configuration, RobotsTxtFile, Sitemap, log } = await import('crawlee');
log.setLevel(log.LEVELS.WARNING);

process.stdout.write('ready\n');
await once(process.stdin, 'data');

let pages = 0;
let failed = 0;
const crawler = new CheerioCrawler(
  {
    minConcurrency: Number(concurrency),
    maxConcurrency: Number(concurrency),
    maxRequestRetries: 0,
    respectRobotsTxtFile: true,
    async requestHandler({ response, enqueueLinks }) {
      if (response.statusCode >= 400) failed += 1;
      else pages += 1;
      await enqueueLinks({ strategy: 'same-hostname' });
    },
    failedRequestHandler() {
      failed += 1;
    },
  },
  new Configuration({ persistStorage: false }),
);
const robots = await RobotsTxtFile.find(start);
const { urls } = await Sitemap.load(robots.getSitemaps());
await crawler.run([start, ...urls]);
rmSync(storage, { recursive: true, force: true });
process.stdout.write(`${JSON.stringify({ pages, failed, seeded: urls.length })}\n`);
await once(process.stdin, 'end');
process.exit(0);
