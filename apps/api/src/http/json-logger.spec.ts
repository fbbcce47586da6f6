import { Writable } from 'node:stream';
import { Logger } from '@nestjs/common';
import { createLogger } from './logging';
import { JsonLogger } from './json-logger';

function jsonLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  return { lines, logger: new JsonLogger(createLogger('debug', stream)) };
}

describe('JsonLogger', () => {
  it('writes a message with its context, as Nest’s Logger calls it', () => {
    const { lines, logger } = jsonLogger();
    Logger.overrideLogger(logger);
    new Logger('Scheduler').log('Started 3 monitors');
    new Logger('Scheduler').verbose('below the level');
    Logger.overrideLogger(false);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, context: 'Scheduler', msg: 'Started 3 monitors' }),
    ]);
  });

  it('merges an object message into the line and keeps the text after it', () => {
    const { lines, logger } = jsonLogger();
    logger.error({ requestId: 'r-1', url: '/v1/api/scrape' }, 'Unhandled error', 'Filter');
    expect(lines[0]).toMatchObject({
      level: 50,
      context: 'Filter',
      requestId: 'r-1',
      msg: 'Unhandled error',
    });
  });

  it('writes an Error, or a message with a stack, as err', () => {
    const { lines, logger } = jsonLogger();
    logger.warn(new Error('disk full'), 'Storage');
    const stack = 'Error: boom\n    at handler (app.js:1:1)';
    logger.error('boom', stack, 'ExceptionsHandler');
    expect(lines[0]).toMatchObject({ level: 40, context: 'Storage', err: { message: 'disk full' } });
    expect(lines[1]).toMatchObject({
      level: 50,
      context: 'ExceptionsHandler',
      err: { message: 'boom', stack },
    });
  });
});
