import type { DataSource } from 'typeorm';

/** Rows a statement returned and rows it changed. */
export interface StatementResult {
  rows: Record<string, unknown>[];
  affected: number;
}

/**
 * One statement with `?` placeholders on SQLite or PostgreSQL (numbered `$1, $2, ...` there),
 * answering the rows it returned and how many it changed: what conditional claims need.
 */
export class SqlStatements {
  /** PostgreSQL, else SQLite: for the few statements written for each (row locks such as `FOR UPDATE SKIP LOCKED`). */
  readonly postgres: boolean;

  constructor(private readonly dataSource: DataSource) {
    this.postgres = dataSource.options.type === 'postgres';
  }

  async execute(sql: string, parameters: unknown[] = []): Promise<StatementResult> {
    let index = 0;
    const text = this.postgres ? sql.replace(/\?/g, () => `$${++index}`) : sql;
    const runner = this.dataSource.createQueryRunner();
    try {
      const result = await runner.query(text, parameters, true);
      const rows = (result.records ?? []) as Record<string, unknown>[];
      return { rows, affected: result.affected ?? 0 };
    } finally {
      await runner.release();
    }
  }

  async rows(sql: string, parameters: unknown[] = []): Promise<Record<string, unknown>[]> {
    return (await this.execute(sql, parameters)).rows;
  }
}
