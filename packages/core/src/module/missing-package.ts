/**
 * Whether `error`, thrown by `require(name)`, says that `name` is not installed, rather than a
 * package it needs in turn or a failure of its own: how an optional peer dependency is told absent.
 */
export function isMissingPackage(error: unknown, name: string): boolean {
  return (
    error instanceof Error &&
    (error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND' &&
    error.message.includes(`'${name}'`)
  );
}
