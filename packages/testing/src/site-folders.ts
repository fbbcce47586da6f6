import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { startFixtureServer, type FixtureServer } from './fixture-server';
import { mappedLookup, type MappedLookup } from './mapped-lookup';

/** The Google Fonts stand-in answers under these names, from `_google-fonts/<host>`. */
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

export interface SiteFolders {
  server: FixtureServer;
  /** The sites, by folder name. */
  names: string[];
  /** `http://<site>.test:<port>/`: each site is an origin of its own. */
  url(site: string): string;
  /** Every site's host and the Google Fonts hosts, as `host:port` for an allow-list. */
  allowHosts: string[];
  /** Resolves every one of those hosts to 127.0.0.1. */
  lookup: MappedLookup;
  close(): Promise<void>;
}

/**
 * Every folder of `dir` (but `_` folders) served as its own site, `<name>.test`, by one real HTTP
 * server that routes by the Host header; `fonts.googleapis.com` and `fonts.gstatic.com` answer from
 * `_google-fonts/<host>` in the shape of the real service (`/css2?...` is `css2.css`). `__PORT__` in
 * text files becomes the server's port.
 */
export async function startSiteFolders(dir: string): Promise<SiteFolders> {
  const names = readdirSync(dir).filter((name) => !name.startsWith('_'));
  let port = 0;
  const server = await startFixtureServer((request, response) => {
    const host = (request.headers.host ?? '').split(':')[0];
    const path = decodedPath(request.url ?? '/');
    if (path === undefined) return void response.writeHead(400).end('bad path');
    const root = GOOGLE_FONT_HOSTS.includes(host)
      ? join(dir, '_google-fonts', host)
      : join(dir, host.replace(/\.test$/, ''));
    let file = normalize(join(root, path === '/' ? 'index.html' : path));
    if (host === 'fonts.googleapis.com') file = join(root, `${path}.css`);
    if (!file.startsWith(root) || !isFile(file)) return void response.writeHead(404).end('not found');
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

/** The request's path, percent-decoded; undefined when it is not valid percent-encoding. */
function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return undefined;
  }
}
