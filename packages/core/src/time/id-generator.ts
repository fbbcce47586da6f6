import { randomUUID } from 'node:crypto';

/** The source of entity ids; inject it so tests can predict them. */
export abstract class IdGenerator {
  abstract uuid(): string;
}

/**
 * UUID version 7 (RFC 9562 §5.7): the creation time in milliseconds, then 74 random bits. Ids
 * made later sort after earlier ones, so a table's key index grows at its end: a commit of many
 * new rows writes a few index pages rather than one page per row, as random (version 4) ids do.
 * An id shows when it was made, to the millisecond.
 */
export class TimeOrderedIdGenerator extends IdGenerator {
  private prefixMs = -1;
  /** `xxxxxxxx-xxxx-7` for `prefixMs`. */
  private prefix = '';

  uuid(): string {
    const now = Date.now();
    if (now !== this.prefixMs) {
      const time = now.toString(16).padStart(12, '0');
      this.prefixMs = now;
      this.prefix = `${time.slice(0, 8)}-${time.slice(8)}-7`;
    }
    // A version 4 UUID's random bits, and its variant, behind the time and version 7.
    return this.prefix + randomUUID().slice(15);
  }
}
