import { InvalidRequestError } from '@quarry/core';

/** Far deeper than any request DTO; class-transformer recurses once per level and would exhaust the stack. */
export const MAX_JSON_DEPTH = 32;

/** Keys class-transformer assigns as prototype machinery instead of treating them as fields. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Refuses, before validation looks at it, a parsed request value nested more than MAX_JSON_DEPTH
 * levels (400 `details.<root>`) or carrying a prototype key anywhere (400, the key named like any
 * unknown field). Walks with an explicit stack so the check itself cannot run out of stack.
 */
export function assertSafeJsonShape(value: unknown, root: string): void {
  const unknownFields = new Map<string, string>();
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    if (next.depth > MAX_JSON_DEPTH) {
      throw new InvalidRequestError(`The request ${root} is nested too deeply.`, {
        [root]: `must not nest objects or arrays more than ${MAX_JSON_DEPTH} levels deep`,
      });
    }
    for (const key of Object.keys(next.value)) {
      const path = next.path ? `${next.path}.${key}` : key;
      if (PROTOTYPE_KEYS.has(key)) unknownFields.set(path, 'is not an allowed field');
      pending.push({ value: (next.value as Record<string, unknown>)[key], path, depth: next.depth + 1 });
    }
  }
  // fromEntries defines own properties, so a `__proto__` path is reported rather than assigned as the prototype.
  if (unknownFields.size > 0)
    throw new InvalidRequestError('The request is invalid.', Object.fromEntries(unknownFields));
}
