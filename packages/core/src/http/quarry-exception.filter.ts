import { randomUUID } from 'node:crypto';
import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { QuarryError } from '../errors/quarry-error';

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

/** Errors thrown by Express' body parser before any route runs. */
interface BodyParserError {
  type: string;
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
 * The one place where failures become HTTP responses: every error body is SPEC §1's JSON
 * `{ error, message, ... }`, and anything unexpected is a 500 with a request id that is also logged.
 */
@Catch()
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
    // Express' adapter wraps body-parser failures in an HttpException; the original says what failed.
    const cause = exception instanceof HttpException ? exception.cause : exception;
    if (isBodyParserError(cause)) return bodyParserError(cause);
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const status = exception.getStatus();
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

function isBodyParserError(exception: unknown): exception is BodyParserError {
  return (
    typeof exception === 'object' &&
    exception !== null &&
    typeof (exception as BodyParserError).type === 'string' &&
    typeof (exception as BodyParserError).status === 'number'
  );
}

function bodyParserError(exception: BodyParserError): QuarryError {
  switch (exception.type) {
    case 'entity.too.large':
      return new QuarryError('payload_too_large', 'The request body is larger than the limit.', 413);
    case 'entity.parse.failed':
      return new QuarryError('invalid_request', 'The request body is not valid JSON.', 400, {
        details: { body: 'must be valid JSON' },
      });
    default:
      return new QuarryError(
        fallbackCodes[exception.status] ?? 'invalid_request',
        'The request body could not be read.',
        exception.status < 500 ? exception.status : 400,
      );
  }
}
