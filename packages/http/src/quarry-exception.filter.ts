import { randomUUID } from 'node:crypto';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { InvalidRequestError, PayloadTooLargeError, QuarryError } from '@quarry/core';
import { QuarryAnswered } from './host-errors';

interface HttpRequestLike {
  id?: string | number;
  method?: string;
  url?: string;
}

interface HttpResponseLike {
  headersSent: boolean;
  status(code: number): this;
  setHeader(name: string, value: string): void;
  json(body: unknown): void;
  end(): void;
}

/** Errors thrown by Express' body parser (http-errors) before any route runs; decompression errors carry no type. */
interface BodyParserError {
  type?: string;
  expose?: boolean;
  status: number;
}

const fallbackCodes: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * The one place where failures become HTTP responses: every error body is the JSON error body of
 * docs/api.md §1, `{ error, message, ... }`, and anything unexpected is a 500 with a request id
 * that is also logged. What the host's guard throws on Quarry's routes is left to the host.
 */
@Catch(QuarryAnswered)
export class QuarryExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('QuarryExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<HttpRequestLike>();
    const response = http.getResponse<HttpResponseLike>();
    const error = this.toQuarryError(exception, request);
    if (error.status >= 500 && error.code === 'internal_error') {
      this.logger.error(
        { err: exception, requestId: error.extra.requestId, method: request.method, url: request.url },
        'Unhandled error',
      );
    }
    if (response.headersSent) {
      response.end();
      return;
    }
    for (const [name, value] of Object.entries(error.headers)) response.setHeader(name, value);
    response.status(error.status).json(error.toBody());
  }

  private toQuarryError(exception: unknown, request: HttpRequestLike): QuarryError {
    if (exception instanceof QuarryError) return exception;
    // Express' adapter wraps body-parser and path-decoding failures in an HttpException; the original says what failed.
    const cause = exception instanceof HttpException ? exception.cause : exception;
    if (cause instanceof URIError) {
      return new InvalidRequestError('The request path is not valid percent-encoding.', {
        path: 'must be valid percent-encoding',
      });
    }
    if (isBodyParserError(cause)) return bodyParserError(cause);
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const status = exception.getStatus();
      if (status === HttpStatus.BAD_REQUEST) return invalidRequestOf(exception);
      const message =
        status === HttpStatus.NOT_FOUND
          ? `No route for ${request.method} ${request.url?.split('?')[0]}.`
          : exception.message;
      return new QuarryError(fallbackCodes[status] ?? 'request_failed', message, status);
    }
    const requestId = String(request.id ?? randomUUID());
    return new QuarryError('internal_error', 'Something went wrong on our side.', 500, { requestId });
  }
}

/**
 * A host's global ValidationPipe runs before the pipe of Quarry's controllers; its failure lists
 * messages that start with the field's path, which become `details` as Quarry's own would.
 */
function invalidRequestOf(exception: HttpException): InvalidRequestError {
  const body = exception.getResponse();
  const messages =
    typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  if (!Array.isArray(messages) || !messages.every((message) => typeof message === 'string'))
    return new InvalidRequestError(exception.message);
  const details: Record<string, string> = {};
  for (const message of messages as string[]) {
    const [field, ...reason] = message.split(' ');
    details[field] ??= reason.join(' ');
  }
  return new InvalidRequestError('The request is invalid.', details);
}

function isBodyParserError(exception: unknown): exception is BodyParserError {
  if (typeof exception !== 'object' || exception === null) return false;
  const { status, type, expose } = exception as BodyParserError;
  return (
    typeof status === 'number' && status < 500 && (typeof type === 'string' || typeof expose === 'boolean')
  );
}

/**
 * docs/api.md §1: a body over the limit is a 413; a body that cannot be read as JSON, whatever the
 * reason, a 400.
 */
function bodyParserError(exception: BodyParserError): QuarryError {
  if (exception.status === HttpStatus.PAYLOAD_TOO_LARGE) {
    return new PayloadTooLargeError();
  }
  if (exception.type === 'entity.parse.failed') {
    return new InvalidRequestError('The request body is not valid JSON.', { body: 'must be valid JSON' });
  }
  return new InvalidRequestError('The request body could not be read.', {
    body: 'must be JSON in UTF-8, uncompressed or gzip/deflate/br encoded',
  });
}
