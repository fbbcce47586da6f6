import { randomUUID } from 'node:crypto';

/** The source of entity ids; inject it so tests can predict them. */
export abstract class IdGenerator {
  abstract uuid(): string;
}

export class RandomIdGenerator extends IdGenerator {
  uuid(): string {
    return randomUUID();
  }
}
