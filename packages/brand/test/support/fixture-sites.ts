import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { mappedLookup, startFixtureServer, type FixtureServer, type MappedLookup } from '@quarry/testing';

export const FIXTURES_DIR = join(__dirname, '..', 'fixtures');

/** The stand-in for Google Fonts answers under these names (their CSS and font files). */
const GOOGLE_FONT_HOSTS = ['fonts.googleapis.com', 'fonts.gstatic.com'];

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};
const TEXT = new Set(['.html', '.css', '.svg', '.json', '.webmanifest']);

export interface FixtureSites {
  server: FixtureServer;
  /** The fixture sites, by directory name. */
  names: string[];
  /** `http://<site>.test:<port>/`: each site is an origin of its own. */
  url(site: string): string;
  /** The labelled truth of a site. */
  truth(site: string): SiteTruth;
  allowHosts: string[];
  lookup: MappedLookup;
  close(): Promise<void>;
}

export interface SiteTruth {
  name?: string;
  colorScheme?: 'light' | 'dark';
  themeColor?: string | null;
  /** Logo expected: null for none; else how to recognise the pick. */
  logo: null | {
    source: string;
    urlEndsWith?: string;
    svgIncludes?: string;
    theme?: 'light' | 'dark' | null;
  };
  colors: { primary?: string; background?: string; text?: string };
  fonts: { heading?: string; body?: string; headingOrigin?: string; bodyOrigin?: string; code?: string };
  socialLinks?: Array<{ platform: string; url: string }>;
  icons?: string[];
}

/** The fixture sites, by directory name (`_` directories are shared stand-ins, not sites). */
export function fixtureSiteNames(): string[] {
  return readdirSync(FIXTURES_DIR).filter((name) => !name.startsWith('_'));
}

/**
 * Every directory of `test/fixtures` served as its own site, `<name>.test`, by one real HTTP server
 * that routes by the Host header; `fonts.googleapis.com` and `fonts.gstatic.com` answer from
 * `fixtures/_google-fonts` in the shape of the real service. `__PORT__` in text files is the port.
 */
export async function startFixtureSites(): Promise<FixtureSites> {
  const names = fixtureSiteNames();
  let port = 0;
  const server = await startFixtureServer((request, response) => {
    const host = (request.headers.host ?? '').split(':')[0];
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const dir = GOOGLE_FONT_HOSTS.includes(host)
      ? join(FIXTURES_DIR, '_google-fonts', host)
      : join(FIXTURES_DIR, host.replace(/\.test$/, ''));
    let file = normalize(join(dir, path === '/' ? 'index.html' : path));
    if (host === 'fonts.googleapis.com') file = join(dir, `${path}.css`);
    if (!file.startsWith(dir) || !isFile(file)) return void response.writeHead(404).end('not found');
    const extension = extname(file);
    const body = TEXT.has(extension)
      ? readFileSync(file, 'utf8').replaceAll('__PORT__', String(port))
      : readFileSync(file);
    response.writeHead(200, {
      'content-type': TYPES[extension] ?? 'application/octet-stream',
      'access-control-allow-origin': '*',
    });
    response.end(body);
  });
  port = server.port;
  const hosts = [...names.map((name) => `${name}.test`), ...GOOGLE_FONT_HOSTS];
  return {
    server,
    names,
    url: (site) => `http://${site}.test:${port}/`,
    truth: (site) => JSON.parse(readFileSync(join(FIXTURES_DIR, site, 'truth.json'), 'utf8')) as SiteTruth,
    allowHosts: hosts.map((host) => `${host}:${port}`),
    lookup: mappedLookup(Object.fromEntries(hosts.map((host) => [host, ['127.0.0.1']]))),
    close: () => server.close(),
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
