import { LoggerService } from '@nestjs/common';
import type { Level, Logger } from 'pino';

/**
 * Nest's log calls as pino JSON lines. As Nest's own logger reads them, the last extra argument
 * is the context; an object message is merged into the line (an Error becomes `err`), and
 * `error(message, stack, context)` from Nest's exception handlers becomes an `err` with that stack.
 */
export class JsonLogger implements LoggerService {
  constructor(private readonly pino: Logger) {}

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('trace', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, rest);
  }

  log(message: unknown, ...rest: unknown[]): void {
    this.write('info', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    if (!this.pino.isLevelEnabled(level)) return;
    const line: Record<string, unknown> = rest.length > 0 ? { context: rest[rest.length - 1] } : {};
    const params: unknown[] = rest.slice(0, -1).filter((param) => param !== undefined);
    if (message instanceof Error) line.err = message;
    else if (typeof message === 'object' && message !== null) Object.assign(line, message);
    else if (level === 'error' && params.length === 1 && isStack(params[0])) {
      const err = new Error(String(message));
      err.stack = params[0];
      line.err = err;
      params.length = 0;
    } else params.unshift(message);
    this.pino[level](line, ...(params as [string, ...unknown[]]));
  }
}

function isStack(value: unknown): value is string {
  return typeof value === 'string' && /\n\s+at /.test(value);
}
