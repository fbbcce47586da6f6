function errorCode(error: unknown): string | undefined {
  const e = error as { code?: string; driverError?: { code?: string } } | null;
  return e?.driverError?.code ?? e?.code;
}

/** A unique-constraint violation, on SQLite or PostgreSQL. */
export function isUniqueViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** A CHECK-constraint violation, on SQLite or PostgreSQL. */
export function isCheckViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === '23514' || code === 'SQLITE_CONSTRAINT_CHECK';
}

/** A foreign-key violation (the parent row is gone), on SQLite or PostgreSQL. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = errorCode(error);
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
