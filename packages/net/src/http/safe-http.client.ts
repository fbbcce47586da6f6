import { Agent, type Dispatcher } from 'undici';
import { NetError } from '../errors/net.error';
import type { PublicUrlPolicy } from '../policy/public-url.policy';
import { toNetError } from './fetch-failure.translator';
import { createGuardedConnector } from './guarded.connector';
import { HttpResponse } from './http.response';
import { HttpDownload } from './http.download';
import { ACCEPTED_ENCODINGS, readBody, writeBody } from './response-body.reader';

export interface SafeHttpClientOptions {
  /** @default 'Quarry/0.1 (+https://github.com/quarry)' */
  userAgent?: string;
  /** Body cap when a request sets no `maxBytes`. @default 10485760 (10 MiB) */
  maxBodyBytes?: number;
  /** Whole-request deadline when a request sets no `timeoutMs`. @default 30000 */
  defaultTimeoutMs?: number;
}

export interface HttpRequestOptions {
  /** @default 'GET' */
  method?: string;
  /** Override the defaults (`user-agent`, `accept-encoding`) by using the same names. */
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Deadline for the whole request: every hop, and reading the body. */
  timeoutMs?: number;
  /** Decoded body bytes allowed before the request fails with TOO_LARGE. */
  maxBytes?: number;
  /** Redirects to follow; 0 returns the 3xx response itself. @default 10 */
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Where each hop is sent; see `HopRoute`. */
  route?: HopRoute;
}

export interface HttpDownloadOptions {
  /** Override the defaults (`user-agent`, `accept-encoding`) by using the same names. */
  headers?: Record<string, string>;
  /** Decoded body bytes allowed before the download fails with TOO_LARGE. @default the client's maxBodyBytes */
  maxBytes?: number;
  /**
   * Longest wait for the response headers and then between two pieces of the body; a long body
   * that keeps arriving is never cut. @default the client's defaultTimeoutMs
   */
  idleTimeoutMs?: number;
  /** @default 10 */
  maxRedirects?: number;
  signal?: AbortSignal;
  /** Where each hop is sent; see `HopRoute`. */
  route?: HopRoute;
}

/**
 * Maps the URL of a hop (the one requested, then each redirect target) to the URL actually
 * connected to, for an embedder that replaces a service's origin with its own (a stand-in, a
 * mirror). Redirects, credential rules and `finalUrl` stay in terms of the unmapped URLs; the
 * policy judges the mapped one, since that is where the connection goes.
 */
export type HopRoute = (url: URL) => URL;

export const DEFAULT_USER_AGENT = 'Quarry/0.1 (+https://github.com/quarry)';
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_REDIRECTS = 10;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

/** The hop a request is at: redirects move it on, and a failure names its URL. */
interface Exchange {
  hop: Hop;
  maxRedirects: number;
  signal?: AbortSignal;
  route?: HopRoute;
  /** undici's idle timeouts; unset, the whole-request deadline alone bounds the wait. */
  timeouts?: Pick<Dispatcher.RequestOptions, 'headersTimeout' | 'bodyTimeout'>;
}

/**
 * HTTP client for URLs chosen by users: every connection, including each redirect hop, goes only
 * to addresses the PublicUrlPolicy accepts, and bodies are capped and bounded by a deadline (a
 * download's, streamed to disk, by an idle timeout).
 */
export class SafeHttpClient {
  private readonly agent: Agent;
  private readonly userAgent: string;
  private readonly maxBodyBytes: number;
  private readonly defaultTimeoutMs: number;

  constructor(
    private readonly policy: PublicUrlPolicy,
    options: SafeHttpClientOptions = {},
  ) {
    this.userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
    this.maxBodyBytes = positiveInteger('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
    this.defaultTimeoutMs = positiveInteger(
      'defaultTimeoutMs',
      options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
    this.agent = new Agent({ connect: createGuardedConnector(policy) });
  }

  /**
   * Fetches `url`, following redirects itself. Throws NetError with code INVALID_URL, BLOCKED,
   * HOST_NOT_FOUND, CONNECTION_FAILED, TLS_FAILED, TIMEOUT, TOO_LARGE, TOO_MANY_REDIRECTS or
   * REQUEST_FAILED; if `signal` aborts, its reason.
   */
  async request(url: string, options: HttpRequestOptions = {}): Promise<HttpResponse> {
    const timeoutMs = options.timeoutMs ?? this.defaultTimeoutMs;
    // A budget computed by the caller may be fractional or already spent.
    const deadline = AbortSignal.timeout(Math.max(0, Math.ceil(timeoutMs)));
    const exchange: Exchange = {
      hop: {
        url: this.policy.parse(url),
        method: (options.method ?? 'GET').toUpperCase(),
        headers: this.headersFor(options.headers),
        body: options.body,
      },
      maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
      signal: options.signal ? AbortSignal.any([deadline, options.signal]) : deadline,
      route: options.route,
    };
    try {
      const response = await this.follow(exchange);
      const maxBytes = options.maxBytes ?? this.maxBodyBytes;
      const body = await readBody(response.body, header(response, 'content-encoding'), maxBytes);
      const { href } = exchange.hop.url;
      return new HttpResponse(url, href, response.statusCode, toHeaders(response.headers), body);
    } catch (error) {
      if (options.signal?.aborted && !deadline.aborted) throw options.signal.reason;
      if (deadline.aborted) {
        const { href } = exchange.hop.url;
        throw new NetError('TIMEOUT', `No complete response within ${timeoutMs} ms.`, href, {
          cause: error,
        });
      }
      throw toNetError(error, exchange.hop.url.href);
    }
  }

  /**
   * GETs `url` and streams a 2xx body into `file` (created or truncated) without holding it in
   * memory: for media that may be large and slow. Redirects, policy and errors are as in
   * `request`, but instead of one deadline an idle timeout bounds each wait, so a long download
   * that keeps arriving is never cut. Any other status is returned without touching `file`
   * (`bytes` 0). A failure part-way removes the partial file.
   */
  async download(url: string, file: string, options: HttpDownloadOptions = {}): Promise<HttpDownload> {
    const idleTimeoutMs = positiveInteger('idleTimeoutMs', options.idleTimeoutMs ?? this.defaultTimeoutMs);
    const exchange: Exchange = {
      hop: { url: this.policy.parse(url), method: 'GET', headers: this.headersFor(options.headers) },
      maxRedirects: options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
      signal: options.signal,
      route: options.route,
      timeouts: { headersTimeout: idleTimeoutMs, bodyTimeout: idleTimeoutMs },
    };
    try {
      const response = await this.follow(exchange);
      const headers = toHeaders(response.headers);
      const { href } = exchange.hop.url;
      if (response.statusCode < 200 || response.statusCode > 299) {
        await response.body.dump();
        return new HttpDownload(url, href, response.statusCode, headers, 0);
      }
      const maxBytes = options.maxBytes ?? this.maxBodyBytes;
      const bytes = await writeBody(response.body, header(response, 'content-encoding'), maxBytes, file);
      return new HttpDownload(url, href, response.statusCode, headers, bytes);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw toNetError(error, exchange.hop.url.href);
    }
  }

  /** Closes idle connections and waits for requests in flight. */
  async close(): Promise<void> {
    await this.agent.close();
  }

  /** Sends the exchange's hop and follows redirects; resolves with the first other response, its body unread. */
  private async follow(exchange: Exchange): Promise<Dispatcher.ResponseData> {
    for (let redirects = 0; ; redirects += 1) {
      const response = await this.send(exchange, redirects > 0);
      const location = REDIRECT_STATUSES.has(response.statusCode) ? header(response, 'location') : undefined;
      if (location === undefined || exchange.maxRedirects === 0) return response;
      await response.body.dump();
      if (redirects === exchange.maxRedirects) {
        const { href } = exchange.hop.url;
        throw new NetError('TOO_MANY_REDIRECTS', `More than ${exchange.maxRedirects} redirects.`, href);
      }
      exchange.hop = this.redirect(exchange.hop, response.statusCode, location);
    }
  }

  private async send(exchange: Exchange, isRedirect: boolean): Promise<Dispatcher.ResponseData> {
    const { hop, signal } = exchange;
    const target = exchange.route ? this.policy.parse(exchange.route(hop.url).href) : hop.url;
    const request = () =>
      this.agent.request({
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
        method: hop.method,
        headers: hop.headers,
        body: hop.body,
        signal,
        ...exchange.timeouts,
      });
    try {
      // A kept-alive connection the origin closed just as it was reused resets the request: an
      // idempotent one is sent once more, on a new connection.
      return await request().catch((error: unknown) => {
        if (signal?.aborted || !IDEMPOTENT.has(hop.method) || !isConnectionReset(error)) throw error;
        return request();
      });
    } catch (error) {
      if (isRedirect && error instanceof NetError && error.code === 'BLOCKED') {
        throw new NetError(
          'BLOCKED',
          `Redirect to ${hop.url.href} was blocked: ${error.message}`,
          hop.url.href,
          {
            cause: error,
          },
        );
      }
      throw error;
    }
  }

  private redirect(from: Hop, status: number, location: string): Hop {
    if (!URL.canParse(location, from.url.href)) {
      throw new NetError('REQUEST_FAILED', `${from.url.href} redirected to an invalid URL.`, from.url.href);
    }
    const target = new URL(location, from.url);
    try {
      this.policy.parse(target.href);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new NetError('BLOCKED', `Redirect to ${target.href} was blocked: ${reason}`, target.href, {
        cause: error,
      });
    }
    const headers = { ...from.headers };
    if (target.origin !== from.url.origin) CREDENTIAL_HEADERS.forEach((name) => delete headers[name]);
    // Fetch standard: 303 turns anything but HEAD into GET, and 301/302 turn POST into GET.
    const toGet =
      (status === 303 && from.method !== 'HEAD') ||
      ((status === 301 || status === 302) && from.method === 'POST');
    if (!toGet) return { url: target, method: from.method, headers, body: from.body };
    BODY_HEADERS.forEach((name) => delete headers[name]);
    return { url: target, method: 'GET', headers };
  }

  private headersFor(custom: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = {
      'user-agent': this.userAgent,
      'accept-encoding': ACCEPTED_ENCODINGS,
    };
    for (const [name, value] of Object.entries(custom)) headers[name.toLowerCase()] = value;
    return headers;
  }
}

const IDEMPOTENT = new Set(['GET', 'HEAD']);

function isConnectionReset(error: unknown): boolean {
  const codes = [error, (error as { cause?: unknown })?.cause].map((e) => (e as { code?: unknown })?.code);
  return codes.includes('ECONNRESET') || codes.includes('UND_ERR_SOCKET');
}

function header(response: Dispatcher.ResponseData, name: string): string | undefined {
  const value = response.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function toHeaders(raw: Dispatcher.ResponseData['headers']): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined) headers.append(name, item);
    }
  }
  return headers;
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got ${value}.`);
  }
  return value;
}
