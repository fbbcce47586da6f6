import { randomBytes } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const CANONICAL_BASE64 = /^(?=.)(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes (docs/api.md §6). */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The HMAC key a secret signs with (docs/api.md §6): a `whsec_` + base64 secret is the bytes the base64
 * encodes, as Standard Webhooks prescribes; any other string is its own UTF-8 bytes, as the
 * original service accepts plain-text secrets. Throws only for the empty string.
 */
export function webhookSigningKey(secret: string): Uint8Array {
  if (secret === '') throw new TypeError('A webhook secret cannot be empty.');
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : undefined;
  if (encoded !== undefined && CANONICAL_BASE64.test(encoded)) return Buffer.from(encoded, 'base64');
  return Buffer.from(secret, 'utf8');
}
