import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { HTTP_URL_PATTERN, MAX_URL_LENGTH } from '@quarry/core';
import { NetError } from '../errors/net.error';
import { systemLookup, type HostLookup } from './host.lookup';
import { HostPortAllowList } from './host-port.allow-list';
import { isLocalhostName } from './local-name.predicate';
import { isPublicAddress } from './public-address.predicate';

export interface PublicUrlPolicyOptions {
  /** `host:port` pairs exempt from the address rules, e.g. `127.0.0.1:4000`. @default [] */
  allowHosts?: string[];
  /** Resolves host names. @default dns.lookup with `all: true` */
  lookup?: HostLookup;
}

const HTTP_URL = new RegExp(HTTP_URL_PATTERN);

/** docs/api.md §2: only http(s) URLs whose host resolves exclusively to public unicast addresses. */
export class PublicUrlPolicy {
  static readonly MAX_URL_LENGTH = MAX_URL_LENGTH;

  private readonly allowList: HostPortAllowList;
  private readonly lookup: HostLookup;

  constructor(options: PublicUrlPolicyOptions = {}) {
    this.allowList = new HostPortAllowList(options.allowHosts ?? []);
    this.lookup = options.lookup ?? systemLookup;
  }

  /** Syntax only, no DNS. Throws NetError INVALID_URL whose message is the reason. */
  parse(url: string): URL {
    if (url.length > PublicUrlPolicy.MAX_URL_LENGTH) {
      throw invalid(url, `The URL must be at most ${PublicUrlPolicy.MAX_URL_LENGTH} characters.`);
    }
    // WHATWG URL reads "\" as "/" but other parsers do not; refuse the ambiguity outright.
    if (url.includes('\\')) throw invalid(url, 'The URL must not contain backslashes.');
    const parsed = parseOrUndefined(url);
    if (parsed === undefined) throw invalid(url, 'The URL is not valid.');
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw invalid(url, `The URL must use http or https, not ${parsed.protocol}`);
    }
    // The URL parser also reads " http://a" and "http:a" as http://a/; other parsers do not.
    if (!HTTP_URL.test(url)) {
      throw invalid(url, 'The URL must start with http:// or https://.');
    }
    if (parsed.username || parsed.password) {
      throw invalid(url, 'The URL must not contain a username or password.');
    }
    return parsed;
  }

  isPublicAddress(ip: string): boolean {
    return isPublicAddress(ip);
  }

  /** Whether `hostname:port` is on the allow-list (hostname as in URL.hostname). */
  isAllowed(hostname: string, port: number): boolean {
    return this.allowList.has(hostname, port);
  }

  /**
   * Parses, resolves and requires every address to be public unless host:port is allow-listed.
   * Throws NetError INVALID_URL, BLOCKED or HOST_NOT_FOUND.
   */
  async check(url: string): Promise<URL> {
    const parsed = this.checkWithoutLookup(url);
    const hostname = bareHostname(parsed);
    if (isIP(hostname) === 0 && !this.isAllowed(hostname, effectivePort(parsed.protocol, parsed.port)))
      await this.resolvePublic(hostname);
    return parsed;
  }

  /**
   * What `check` refuses without asking DNS: the syntax, an address literal that is not public, a
   * name of the local machine. For work that needs no connection now (answering from a cache); call
   * `check` before connecting. Throws NetError INVALID_URL or BLOCKED.
   */
  checkWithoutLookup(url: string): URL {
    const parsed = this.parse(url);
    const hostname = bareHostname(parsed);
    if (this.isAllowed(hostname, effectivePort(parsed.protocol, parsed.port))) return parsed;
    if (isIP(hostname) !== 0) this.assertPublicAddress(hostname);
    else assertNotLocalName(hostname);
    return parsed;
  }

  /**
   * For a URL called later (callbacks, webhooks): refused like `check` when it is not public, but
   * accepted when its host does not resolve yet, since every send checks it again.
   * Throws NetError INVALID_URL or BLOCKED.
   */
  async checkDestination(url: string): Promise<URL> {
    try {
      return await this.check(url);
    } catch (error) {
      if (error instanceof NetError && error.code === 'HOST_NOT_FOUND') return this.parse(url);
      throw error;
    }
  }

  /** Throws NetError BLOCKED unless `ip` is public. */
  assertPublicAddress(ip: string): void {
    if (!isPublicAddress(ip)) throw new NetError('BLOCKED', `${ip} is not a public address.`);
  }

  /** Every address of `hostname`, unchecked. Throws NetError HOST_NOT_FOUND. */
  async resolve(hostname: string): Promise<LookupAddress[]> {
    const addresses = await this.lookup(hostname).catch((error: unknown) => {
      throw new NetError('HOST_NOT_FOUND', `${hostname} could not be resolved.`, undefined, { cause: error });
    });
    if (addresses.length === 0) throw new NetError('HOST_NOT_FOUND', `${hostname} has no addresses.`);
    return addresses;
  }

  /** Every address of `hostname`, each one public, else NetError BLOCKED or HOST_NOT_FOUND. */
  async resolvePublic(hostname: string): Promise<LookupAddress[]> {
    assertNotLocalName(hostname);
    const addresses = await this.resolve(hostname);
    const blocked = addresses.find(({ address }) => !isPublicAddress(address));
    if (blocked) {
      throw new NetError(
        'BLOCKED',
        `${hostname} resolves to ${blocked.address}, which is not a public address.`,
      );
    }
    return addresses;
  }
}

/** The port a connection uses; URL.port (and undici's) is empty for the scheme's default. */
export function effectivePort(protocol: string, port: string): number {
  return Number(port) || (protocol === 'https:' ? 443 : 80);
}

/** URL.hostname without the brackets of an IPv6 literal. */
function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function assertNotLocalName(hostname: string): void {
  if (isLocalhostName(hostname))
    throw new NetError(
      'BLOCKED',
      `${hostname} is a name of the local machine (RFC 6761), not a public host.`,
    );
}

function invalid(url: string, reason: string): NetError {
  return new NetError('INVALID_URL', reason, url.slice(0, PublicUrlPolicy.MAX_URL_LENGTH));
}

/** The WHATWG parse of `url`, or undefined when it is not a URL (one parse, where canParse would make two). */
function parseOrUndefined(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}
