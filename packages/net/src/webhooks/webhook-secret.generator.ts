import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const SECRET_PREFIX = 'whsec_';

/** A Standard Webhooks signing secret: `whsec_` + base64 of 32 random bytes (SPEC §6). */
export function generateWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * Canonical base64 (optionally after `whsec_`), not empty: the secrets a request may supply. Every
 * match is a key `isWebhookSecret` accepts; stated as a pattern so the API schema can say it.
 */
export const WEBHOOK_SECRET_PATTERN =
  /^(?:whsec_)?(?=.)(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Whether Standard Webhooks libraries accept `secret` as a signing key: base64, optionally after
 * `whsec_`, and not empty. Validate user-supplied secrets with it before storing them.
 */
export function isWebhookSecret(secret: string): boolean {
  try {
    new Webhook(secret);
    return true;
  } catch {
    return false;
  }
}
