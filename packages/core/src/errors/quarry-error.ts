/**
 * An error value with a machine-readable code and the HTTP status it maps to.
 * Every failure a client can see is one of these; the global exception filter turns it into the
 * JSON error body of docs/api.md §1, `{ error: code, message, ...extra }`.
 */
export class QuarryError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }

  toBody(): Record<string, unknown> {
    return { error: this.code, message: this.message, ...this.extra };
  }
}

export class InvalidRequestError extends QuarryError {
  constructor(message: string, details: Record<string, string> = {}) {
    super('invalid_request', message, 400, { details });
  }
}

export class UnauthorizedError extends QuarryError {
  constructor(message = 'A valid API key is required.', bearerError?: 'invalid_token') {
    const challenge = bearerError ? `Bearer realm="quarry", error="${bearerError}"` : 'Bearer realm="quarry"';
    super('unauthorized', message, 401, {}, { 'WWW-Authenticate': challenge });
  }
}

/** A caller who is authenticated but may not act as asked (for an account Quarry does not know, say). */
export class ForbiddenError extends QuarryError {
  constructor(message: string) {
    super('forbidden', message, 403);
  }
}

export class PaymentRequiredError extends QuarryError {
  constructor(message = 'Not enough credits for this operation.') {
    super('payment_required', message, 402);
  }
}

export class NotFoundError extends QuarryError {
  constructor(message = 'Not found.') {
    super('not_found', message, 404);
  }
}

export class PayloadTooLargeError extends QuarryError {
  constructor(message = 'The request body is larger than the limit.') {
    super('payload_too_large', message, 413);
  }
}

/** A route this app mounted without the modules it needs (an async route without a job queue, say). */
export class NotImplementedError extends QuarryError {
  constructor(message: string) {
    super('not_implemented', message, 501);
  }
}

export class RateLimitedError extends QuarryError {
  constructor(retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(
      'rate_limited',
      `Rate limit exceeded; retry in ${seconds} s.`,
      429,
      {},
      { 'Retry-After': String(seconds) },
    );
  }
}
