import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { destination, type DestinationStream } from 'pino';
import type { Options } from 'pino-http';
import { LogLevel } from '../config/app-config';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * JSON logs with a request id per request (the caller's `x-request-id` when sane). A request is
 * logged as its id, method and URL: pino-http binds it to a child logger on every request, logged
 * or not, so a lean shape costs little, and no header (so no key or cookie) is ever written.
 */
export function pinoHttpOptions(level: LogLevel): Options {
  return {
    level,
    genReqId: (request: IncomingMessage, response: ServerResponse) => {
      const incoming = request.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      response.setHeader('x-request-id', id);
      return id;
    },
    wrapSerializers: false,
    serializers: {
      req: (request: IncomingMessage & { id?: unknown }) => ({
        id: request.id,
        method: request.method,
        url: request.url,
      }),
    },
    autoLogging: { ignore: (request) => request.url === '/health' },
  };
}

/**
 * Standard output written in the background: a log line never holds the event loop when the
 * reader of the logs is slow. pino flushes what is still buffered when the process exits.
 */
export function nonBlockingStdout(): DestinationStream {
  return destination({ dest: 1, sync: false });
}
