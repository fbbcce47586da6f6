import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { destination, pino, type DestinationStream, type Logger } from 'pino';
import { LogLevel } from '../config/app-config';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The service's JSON log lines, at `level`, written to `stream` (standard output in the background by default). */
export function createLogger(level: LogLevel, stream: DestinationStream = nonBlockingStdout()): Logger {
  return pino({ level }, stream);
}

/**
 * Standard output written in the background: a log line never holds the event loop when the
 * reader of the logs is slow. pino flushes what is still buffered when the process exits.
 */
function nonBlockingStdout(): DestinationStream {
  return destination({ dest: 1, sync: false });
}

type IdentifiedRequest = IncomingMessage & { id?: string };

/**
 * Express middleware: every request gets an id (the caller's `x-request-id` when sane), answered
 * in `x-request-id` and kept as `request.id`. When `info` is logged, each request is logged once,
 * when its response ends, as its id, method and URL with the status and the time taken; no header
 * (so no key or cookie) is ever written. Nothing is allocated for the log when it is off.
 */
export function requestLogging(logger: Logger) {
  const logsRequests = logger.isLevelEnabled('info');
  return (request: IdentifiedRequest, response: ServerResponse, next: () => void): void => {
    const incoming = request.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    request.id = id;
    response.setHeader('x-request-id', id);
    if (logsRequests && request.url !== '/health') {
      const started = performance.now();
      response.once('close', () => logResponse(logger, request, response, started));
    }
    next();
  };
}

function logResponse(
  logger: Logger,
  request: IdentifiedRequest,
  response: ServerResponse,
  started: number,
): void {
  const line = {
    req: { id: request.id, method: request.method, url: request.url },
    res: { statusCode: response.statusCode },
    responseTime: Math.round(performance.now() - started),
  };
  if (!response.writableFinished) logger.warn(line, 'request aborted');
  else if (response.statusCode >= 500) logger.error(line, 'request failed');
  else logger.info(line, 'request completed');
}
