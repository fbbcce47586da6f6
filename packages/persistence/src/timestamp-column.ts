import { Column, ColumnOptions, ValueTransformer } from 'typeorm';

/** Stores a Date as epoch milliseconds (bigint) so SQLite and PostgreSQL behave the same. */
const epochMillis: ValueTransformer = {
  to: (value: Date | null | undefined) => (value instanceof Date ? value.getTime() : value),
  from: (value: string | number | null) =>
    value === null || value === undefined ? value : new Date(Number(value)),
};

/** A timestamp column that works the same on every supported database. */
export function TimestampColumn(
  options: Omit<ColumnOptions, 'type' | 'transformer'> = {},
): PropertyDecorator {
  return Column({ ...options, type: 'bigint', transformer: epochMillis });
}
