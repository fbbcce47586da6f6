import type { Clock } from '@quarry/core';
import { Webhook } from 'standardwebhooks';
import { isPolicyRejection, NetError } from '../errors/net.error';
import type { SafeHttpClient } from '../http/safe-http.client';
import { parseRetryAfter } from './retry-after.parser';
import { webhookSigningKey } from './webhook-secret.generator';

/** One delivery attempt: the same `webhookId` and `body` on every attempt of a delivery. */
export interface WebhookDelivery {
  url: string;
  /** The JSON text to send; it is signed and sent byte for byte. */
  body: string;
  /** `webhook-id`: the receiver's idempotency key, the same on every attempt of one delivery. */
  webhookId: string;
  /**
   * Signing secrets (`whsec_` + base64, or any other string, signed with its UTF-8 bytes): one, or
   * two while a secret is being rotated (one signature each).
   */
  secrets: readonly string[];
  /** Extra request headers, e.g. `x-callback-token`; they cannot replace the signature headers. */
  headers?: Record<string, string>;
  /** @default 10000 */
  timeoutMs?: number;
}

/** How one attempt ended. Receiver failures are reported here, never thrown. */
export interface WebhookAttempt {
  /** The receiver answered 2xx. */
  delivered: boolean;
  /** The receiver's status, when it answered. */
  statusCode?: number;
  /** Why it was not delivered, e.g. `answered 500`, `connection refused`, `timed out after 10 s`. */
  error?: string;
  /** The wait the receiver asked for with `Retry-After`, capped at one hour. */
  retryAfterMs?: number;
  /** Retrying cannot help: the receiver answered 410 Gone or the URL is not allowed. */
  gone: boolean;
}

const WEBHOOK_TIMEOUT_MS = 10_000;
/** Receivers' answers are read and dropped; a larger one fails the attempt rather than fill memory. */
const WEBHOOK_RESPONSE_MAX_BYTES = 1024 * 1024;

const WEBHOOK_ID = /^[\x21-\x7e]{1,256}$/;

/**
 * Makes one Standard Webhooks delivery attempt: `POST` of the JSON body with `webhook-id`,
 * `webhook-timestamp` (now, per attempt) and `webhook-signature` over `<id>.<timestamp>.<body>`,
 * through SafeHttpClient so only public (or allow-listed) receivers are reached. Redirects are
 * not followed. Retrying is the caller's job (see `WEBHOOK_RETRY`).
 */
export class WebhookSender {
  constructor(
    private readonly client: SafeHttpClient,
    private readonly clock: Clock,
  ) {}

  /** Resolves for every receiver outcome; throws only on invalid arguments (id, secrets, timeout). */
  async send(delivery: WebhookDelivery): Promise<WebhookAttempt> {
    const timeoutMs = delivery.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      throw new RangeError(`timeoutMs must be a positive number, got ${timeoutMs}.`);
    }
    if (!WEBHOOK_ID.test(delivery.webhookId)) {
      throw new TypeError('webhookId must be 1 to 256 visible ASCII characters.');
    }
    const signers = signersFor(delivery.secrets);
    const sentAt = this.clock.now();
    const signature = signers
      .map((signer) => signer.sign(delivery.webhookId, sentAt, delivery.body))
      .join(' ');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(delivery.headers ?? {})) headers[name.toLowerCase()] = value;
    Object.assign(headers, {
      'content-type': 'application/json',
      'webhook-id': delivery.webhookId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': signature,
    });

    try {
      const response = await this.client.request(delivery.url, {
        method: 'POST',
        headers,
        body: delivery.body,
        timeoutMs,
        maxRedirects: 0,
        maxBytes: WEBHOOK_RESPONSE_MAX_BYTES,
      });
      const statusCode = response.status;
      if (statusCode >= 200 && statusCode < 300) return { delivered: true, statusCode, gone: false };
      const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), this.clock.now());
      return {
        delivered: false,
        statusCode,
        error:
          statusCode >= 300 && statusCode < 400
            ? `redirects are not followed (answered ${statusCode})`
            : `answered ${statusCode}`,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        gone: statusCode === 410,
      };
    } catch (error) {
      if (!(error instanceof NetError)) throw error;
      return { delivered: false, error: reason(error, timeoutMs), gone: isPolicyRejection(error) };
    }
  }
}

function signersFor(secrets: readonly string[]): Webhook[] {
  if (secrets.length === 0) throw new TypeError('At least one webhook secret is required.');
  return secrets.map((secret, index) => {
    // The secret itself must never reach a log line.
    if (typeof secret !== 'string' || secret === '')
      throw new TypeError(`Webhook secret ${index + 1} is empty or not a string.`);
    return new Webhook(webhookSigningKey(secret), { format: 'raw' });
  });
}

function reason(error: NetError, timeoutMs: number): string {
  switch (error.code) {
    case 'INVALID_URL':
      return `invalid URL: ${error.message}`;
    case 'BLOCKED':
      return `address not allowed: ${error.message}`;
    case 'HOST_NOT_FOUND':
      return 'host not found';
    case 'CONNECTION_FAILED': {
      const code = causeCode(error);
      if (code === 'ECONNREFUSED') return 'connection refused';
      if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection closed by the receiver';
      return code ? `connection failed (${code})` : 'connection failed';
    }
    case 'TLS_FAILED':
      return `TLS failed: ${causeCode(error) ?? error.message}`;
    case 'TIMEOUT':
      return `timed out after ${Number((timeoutMs / 1000).toFixed(3))} s`;
    case 'TOO_LARGE':
      return `the answer was over ${WEBHOOK_RESPONSE_MAX_BYTES / 1024 / 1024} MiB`;
    default:
      return error.message;
  }
}

function causeCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && !(current instanceof NetError)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
