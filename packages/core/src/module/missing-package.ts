/**
 * Whether `error`, thrown by `require(name)`, says that `name` is not installed, rather than a
 * package it needs in turn or a failure of its own: how an optional peer dependency is told absent.
 */
export function isMissingPackage(error: unknown, name: string): boolean {
  // Not `instanceof Error`: a loader may throw from another realm (a test runner's module registry).
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 'MODULE_NOT_FOUND' && typeof message === 'string' && message.includes(`'${name}'`);
}
