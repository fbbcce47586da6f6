import { NetError } from '../errors/net.error';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'EADDRNOTAVAIL',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
// OpenSSL verification codes (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED, ...) and Node's TLS codes.
const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|EPROTO$)|CERT|UNABLE_TO_/;

/** Maps whatever undici, net, tls or zlib threw into a NetError about `url`. */
export function toNetError(error: unknown, url: string): NetError {
  if (error instanceof NetError) {
    return error.url ? error : new NetError(error.code, error.message, url, { cause: error.cause });
  }
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  const detail = error instanceof Error ? error.message : String(error);
  if (TLS_CODE.test(code))
    return new NetError('TLS_FAILED', `TLS with ${url} failed: ${detail}`, url, { cause: error });
  if (CONNECTION_CODES.has(code)) {
    return new NetError('CONNECTION_FAILED', `Connection to ${url} failed: ${detail}`, url, { cause: error });
  }
  if (TIMEOUT_CODES.has(code))
    return new NetError('TIMEOUT', `${url} did not answer in time.`, url, { cause: error });
  return new NetError('REQUEST_FAILED', `Fetching ${url} failed: ${detail}`, url, { cause: error });
}
