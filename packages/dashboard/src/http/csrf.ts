import { timingSafeEqual } from 'node:crypto';
import { ForbiddenException } from '@nestjs/common';

/** 403 unless the form's `_csrf` field equals the expected token. */
export function assertCsrf(submitted: string | undefined, expected: string | undefined): void {
  const a = Buffer.from(submitted ?? '');
  const b = Buffer.from(expected ?? '');
  if (!a.length || a.length !== b.length || !timingSafeEqual(a, b))
    throw new ForbiddenException(
      'The form has expired or did not come from this site; reload the page and try again.',
    );
}
