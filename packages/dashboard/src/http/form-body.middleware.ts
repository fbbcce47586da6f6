import { Injectable, NestMiddleware, PayloadTooLargeException } from '@nestjs/common';
import type { DashboardRequest } from './http-types';

const MAX_FORM_BYTES = 16 * 1024;

/**
 * Reads `application/x-www-form-urlencoded` posts into `request.body`. The dashboard parses its own
 * forms so that a host's body parsers (JSON only in the reference app) need not change.
 */
@Injectable()
export class FormBodyMiddleware implements NestMiddleware {
  async use(request: DashboardRequest, _response: unknown, next: (error?: unknown) => void): Promise<void> {
    const type = request.headers['content-type'] ?? '';
    if (request.method !== 'POST' || !type.startsWith('application/x-www-form-urlencoded') || request.body) {
      request.body ??= {};
      return next();
    }
    try {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of request as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_FORM_BYTES) throw new PayloadTooLargeException('The form is too large.');
        chunks.push(chunk);
      }
      request.body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      next();
    } catch (error) {
      next(error);
    }
  }
}
