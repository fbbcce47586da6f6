import { VIDEO_PLATFORMS, type VideoPlatformName } from '../domain/video';
import { platformOfHost } from './platform-hosts';

/** `QUARRY_VIDEO_ORIGINS`: per platform, the origin that answers in its place, e.g. `{ youtube: 'http://127.0.0.1:9000' }`. */
export type VideoOrigins = Partial<Record<VideoPlatformName, string>>;

/**
 * Replacement origins for self-hosting and tests (the package README, "Replaced origins"): every
 * request meant for one of a replaced platform's hosts (pages, APIs, caption and media hosts) goes
 * to its origin with the same path and query. Only requests are routed; URLs read from the platform
 * stay as they are.
 */
export class PlatformOrigins {
  private readonly replaced: ReadonlyMap<VideoPlatformName, URL>;

  /** Throws when a key is not a platform or a value is not a bare http(s) origin. */
  constructor(origins: VideoOrigins = {}) {
    const replaced = new Map<VideoPlatformName, URL>();
    for (const [name, origin] of Object.entries(origins)) {
      if (!VIDEO_PLATFORMS.includes(name as VideoPlatformName)) {
        throw new Error(`Video origins: "${name}" is not a platform (${VIDEO_PLATFORMS.join(', ')}).`);
      }
      if (origin === undefined) continue;
      replaced.set(name as VideoPlatformName, bareOrigin(name, origin));
    }
    this.replaced = replaced;
  }

  /**
   * `host:port` of every replacement origin: exactly what the public-URL policy must let through
   * for them to be reachable on a private address, and nothing more.
   */
  get allowHosts(): string[] {
    return [...this.replaced.values()].map(
      (origin) => `${origin.hostname}:${origin.port || (origin.protocol === 'https:' ? 443 : 80)}`,
    );
  }

  /** Where a request for `url` goes: its platform's replacement origin, else `url` itself. */
  readonly route = (url: URL): URL => {
    const platform = platformOfHost(url.hostname);
    const origin = platform && this.replaced.get(platform);
    return origin ? new URL(`${url.pathname}${url.search}`, origin) : url;
  };
}

function bareOrigin(name: string, origin: string): URL {
  const url = URL.canParse(origin) ? new URL(origin) : null;
  const bare =
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    !url.username &&
    !url.password &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash;
  if (!bare) {
    throw new Error(
      `Video origins: ${name} must be an http(s) origin such as http://127.0.0.1:9000, got "${origin}".`,
    );
  }
  return url;
}
