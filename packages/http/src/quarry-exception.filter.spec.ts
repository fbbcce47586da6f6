import { ArgumentsHost, BadRequestException, HttpException, Logger, NotFoundException } from '@nestjs/common';
import { PaymentRequiredError, RateLimitedError } from '@quarry/core';
import { QuarryExceptionFilter } from './quarry-exception.filter';

function respond(
  exception: unknown,
  request: Record<string, unknown> = { id: 'req-1', method: 'GET', url: '/x' },
) {
  const sent: { status?: number; body?: unknown; headers: Record<string, string> } = { headers: {} };
  const response = {
    headersSent: false,
    status(code: number) {
      sent.status = code;
      return this;
    },
    setHeader: (name: string, value: string) => (sent.headers[name] = value),
    json: (body: unknown) => (sent.body = body),
    end: () => undefined,
  };
  const host = {
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => response }),
  } as unknown as ArgumentsHost;
  new QuarryExceptionFilter().catch(exception, host);
  return sent;
}

describe('QuarryExceptionFilter', () => {
  it('answers an unexpected error with 500, a request id, and logs the same id', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const sent = respond(new TypeError('boom'));
    expect(sent.status).toBe(500);
    expect(sent.body).toEqual({ error: 'internal_error', message: expect.any(String), requestId: 'req-1' });
    expect(JSON.stringify(sent.body)).not.toContain('boom');
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ requestId: 'req-1' }), expect.any(String));
    logged.mockRestore();
  });

  it('passes error values through with their status, body and headers', () => {
    expect(respond(new PaymentRequiredError())).toMatchObject({
      status: 402,
      body: { error: 'payment_required' },
    });
    const limited = respond(new RateLimitedError(12.2));
    expect(limited).toMatchObject({
      status: 429,
      body: { error: 'rate_limited' },
      headers: { 'Retry-After': '13' },
    });
  });

  it("maps framework exceptions and body-parser failures to the API's error codes", () => {
    expect(respond(new NotFoundException())).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(respond(new BadRequestException('nope'))).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(respond({ type: 'entity.too.large', status: 413 })).toMatchObject({
      status: 413,
      body: { error: 'payload_too_large' },
    });
    expect(respond({ type: 'entity.parse.failed', status: 400 })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    const wrapped = new BadRequestException('Unexpected end of JSON input', {
      cause: { type: 'entity.parse.failed', status: 400 },
    });
    expect(respond(wrapped)).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', details: { body: 'must be valid JSON' } },
    });
  });

  it('answers every 400 with the JSON error body, details included', () => {
    const zlib = Object.assign(new Error('incorrect header check'), { status: 400, expose: true });
    const charset = { type: 'charset.unsupported', status: 415, expose: true };
    for (const unreadable of [zlib, charset, new HttpException('unsupported', 415, { cause: charset })]) {
      expect(respond(unreadable)).toMatchObject({
        status: 400,
        body: { error: 'invalid_request', details: { body: expect.any(String) } },
      });
    }
    const badPath = Object.assign(new URIError("Failed to decode param '%FF'"), { status: 400 });
    expect(respond(new BadRequestException(badPath.message, { cause: badPath }))).toEqual(
      expect.objectContaining({
        status: 400,
        body: {
          error: 'invalid_request',
          message: expect.any(String),
          details: { path: expect.any(String) },
        },
      }),
    );
    expect(respond(new BadRequestException('Validation failed (uuid is expected)'))).toMatchObject({
      status: 400,
      body: { error: 'invalid_request', details: {} },
    });
    // What a host's global ValidationPipe throws before Quarry's pipe sees the body.
    const hostPipe = new BadRequestException([
      'url must be a string',
      'url must be shorter than or equal to 2048 characters',
      'notifications.webhook.url must be a URL address',
    ]);
    expect(respond(hostPipe)).toMatchObject({
      status: 400,
      body: {
        error: 'invalid_request',
        details: { url: 'must be a string', 'notifications.webhook.url': 'must be a URL address' },
      },
    });
  });

  it('keeps a 5xx error that merely carries a status a 500', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    expect(respond(Object.assign(new Error('EACCES'), { status: 500, expose: false })).status).toBe(500);
    logged.mockRestore();
  });
});
