import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';

/** What this needs of the better-sqlite3 connection under TypeORM's driver. */
export interface SqliteHandle {
  readonly inTransaction: boolean;
  exec(sql: string): unknown;
  prepare(sql: string): SqliteStatement;
}

export interface SqliteStatement {
  /** Whether the statement returns rows (a SELECT, or a write with RETURNING). */
  readonly reader: boolean;
  run(...params: unknown[]): { changes: number };
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
}

/** Rows a statement returned and rows it changed. */
export interface StatementResult<T = Record<string, unknown>> {
  rows: T[];
  affected: number;
}

/** What this needs of the `pg` pool under TypeORM's PostgreSQL driver. */
interface PostgresPool {
  query(query: { name: string; text: string; values: unknown[] }): Promise<{
    rows: unknown[];
    rowCount: number | null;
  }>;
}

/** `PRAGMA data_version` of each SQLite handle as read in the current event-loop turn. */
let dataVersionsThisTurn = new WeakMap<SqliteHandle, number>();
let forgetScheduled = false;

/**
 * Hand-written SQL for requests that run thousands of times a second, without TypeORM's query
 * building. Each statement is prepared once and reused: on SQLite on the data source's own
 * better-sqlite3 handle (prepared again only if TypeORM reopened the connection), on PostgreSQL as a
 * named statement of each connection of the data source's pool, with `?` numbered as
 * `$1, $2, ...`. Write the SQL both engines accept; PostgreSQL returns `bigint` columns as strings,
 * so read numbers through `Number()`.
 */
export class PreparedSql {
  private statements = new Map<string, SqliteStatement>();
  private preparedOn?: SqliteHandle;
  private readonly named = new Map<string, { name: string; text: string }>();

  constructor(private readonly dataSource: DataSource) {}

  get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  /** The rows `sql` selects (or a write returns). */
  async rows<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.execute<T>(sql, params)).rows;
  }

  /** Runs a write on its own (autocommit); rejects with the driver's error when it is refused. */
  async run(sql: string, params: unknown[] = []): Promise<void> {
    await this.execute(sql, params);
  }

  /** Runs `sql` on its own (autocommit): the rows it returned and how many it changed, which conditional claims need. */
  async execute<T = Record<string, unknown>>(
    sql: string,
    params: unknown[] = [],
  ): Promise<StatementResult<T>> {
    if (this.isSqlite) {
      const statement = this.statement(sql);
      if (!statement.reader) return { rows: [], affected: statement.run(...params).changes };
      const rows = statement.all(...params) as T[];
      return { rows, affected: rows.length };
    }
    const result = await this.postgresPool().query({ ...this.postgresStatement(sql), values: params });
    return { rows: result.rows as T[], affected: result.rowCount ?? 0 };
  }

  /**
   * SQLite's `PRAGMA data_version`: changes whenever another connection (another process, another
   * instance, the CLI) commits to the database, and never for this connection's own commits. Read
   * once per event-loop turn and handle: every caller of one turn shares the answer.
   */
  sqliteDataVersion(): number {
    const handle = this.sqliteHandle();
    let version = dataVersionsThisTurn.get(handle);
    if (version === undefined) {
      version = (this.statement('PRAGMA data_version').get() as { data_version: number }).data_version;
      if (!forgetScheduled) {
        forgetScheduled = true;
        setImmediate(() => {
          dataVersionsThisTurn = new WeakMap();
          forgetScheduled = false;
        });
      }
      dataVersionsThisTurn.set(handle, version);
    }
    return version;
  }

  /** The SQLite database file, for another connection to it; undefined for an in-memory database. */
  sqliteFile(): string | undefined {
    const { database } = this.dataSource.options as { database?: string };
    return database === undefined || database === ':memory:' ? undefined : database;
  }

  /** How long a SQLite connection of this data source waits for another's write lock. */
  sqliteTimeoutMs(): number {
    return (this.dataSource.options as { timeout?: number }).timeout ?? 5000;
  }

  /** The SQLite handle, for callers that run their own transactions on it (the group commit). */
  sqliteHandle(): SqliteHandle {
    return (this.dataSource.driver as unknown as { databaseConnection: SqliteHandle }).databaseConnection;
  }

  /** `sql` prepared on the current SQLite handle, once per handle. */
  statement(sql: string): SqliteStatement {
    const handle = this.sqliteHandle();
    if (this.preparedOn !== handle) {
      this.statements = new Map();
      this.preparedOn = handle;
    }
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = handle.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** `sql` numbered for PostgreSQL, with the name it is prepared under: its hash, the same in every process. */
  private postgresStatement(sql: string): { name: string; text: string } {
    let statement = this.named.get(sql);
    if (statement === undefined) {
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${(n += 1)}`);
      statement = { name: `quarry_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`, text };
      this.named.set(sql, statement);
    }
    return statement;
  }

  /** The `pg` pool of the data source's PostgreSQL driver. */
  private postgresPool(): PostgresPool {
    return (this.dataSource.driver as unknown as { master: PostgresPool }).master;
  }
}
