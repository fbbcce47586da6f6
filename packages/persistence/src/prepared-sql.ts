import { DataSource } from 'typeorm';

/** What this needs of the better-sqlite3 connection under TypeORM's driver. */
export interface SqliteHandle {
  readonly inTransaction: boolean;
  exec(sql: string): unknown;
  prepare(sql: string): SqliteStatement;
}

export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
}

/** `PRAGMA data_version` of each SQLite handle as read in the current event-loop turn. */
let dataVersionsThisTurn = new WeakMap<SqliteHandle, number>();
let forgetScheduled = false;

/**
 * Hand-written SQL for requests that run thousands of times a second, without TypeORM's query
 * building. On SQLite each statement is prepared once on the data source's own better-sqlite3
 * handle and reused (prepared again only if TypeORM reopened the connection); on PostgreSQL it goes
 * through the data source's pool with `?` numbered as `$1, $2, ...`. Write the SQL both engines
 * accept; PostgreSQL returns `bigint` columns as strings, so read numbers through `Number()`.
 */
export class PreparedSql {
  private statements = new Map<string, SqliteStatement>();
  private preparedOn?: SqliteHandle;
  private readonly numbered = new Map<string, string>();

  constructor(private readonly dataSource: DataSource) {}

  get isSqlite(): boolean {
    return this.dataSource.options.type === 'better-sqlite3';
  }

  /** The rows `sql` selects. */
  async rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (this.isSqlite) return this.statement(sql).all(...params) as T[];
    return (await this.dataSource.query(this.postgresSql(sql), params)) as T[];
  }

  /** Runs a write on its own (autocommit); rejects with the driver's error when it is refused. */
  async run(sql: string, params: unknown[] = []): Promise<void> {
    if (this.isSqlite) this.statement(sql).run(...params);
    else await this.dataSource.query(this.postgresSql(sql), params);
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

  private postgresSql(sql: string): string {
    let numbered = this.numbered.get(sql);
    if (numbered === undefined) {
      let n = 0;
      numbered = sql.replace(/\?/g, () => `$${(n += 1)}`);
      this.numbered.set(sql, numbered);
    }
    return numbered;
  }
}
