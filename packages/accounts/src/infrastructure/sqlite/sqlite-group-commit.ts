import { DataSource } from 'typeorm';

/** What this needs of the better-sqlite3 connection under TypeORM's driver. */
interface SqliteConnection {
  readonly inTransaction: boolean;
  exec(sql: string): unknown;
  prepare(sql: string): { run(...params: unknown[]): unknown };
}

interface PendingWrite {
  sql: string;
  params: unknown[];
  settle(error?: unknown): void;
}

/**
 * Writes of concurrent requests committed together on SQLite. Every commit waits for the disk
 * (`synchronous = FULL`) and better-sqlite3 waits on the event loop's thread, so one commit per
 * charge caps the whole process at a few hundred writes a second. The writes queued during one
 * turn of the event loop run in one transaction instead, each in its own savepoint so a write
 * refused by a constraint (a short balance, a charge made twice) is undone alone; each promise
 * settles after the COMMIT, so an acknowledged write is as durable as one committed alone.
 */
export class SqliteGroupCommit {
  private pending: PendingWrite[] = [];
  private scheduled = false;
  private statements = new Map<string, ReturnType<SqliteConnection['prepare']>>();
  private preparedOn?: SqliteConnection;

  constructor(private readonly dataSource: DataSource) {}

  /** Runs one statement in the next group; rejects with the driver's error when it is refused. */
  run(sql: string, params: unknown[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({
        sql,
        params,
        settle: (error) => (error === undefined ? resolve() : reject(error)),
      });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const connection = this.connection();
    // A TypeORM transaction open on the shared connection across an await: wait for its end.
    if (connection.inTransaction) return this.schedule();
    const group = this.pending;
    this.pending = [];
    const refusals = new Map<PendingWrite, unknown>();
    try {
      connection.exec('BEGIN IMMEDIATE');
      for (const write of group) {
        connection.exec('SAVEPOINT quarry_write');
        try {
          this.statement(connection, write.sql).run(...write.params);
        } catch (error) {
          connection.exec('ROLLBACK TO quarry_write');
          refusals.set(write, error);
        }
        connection.exec('RELEASE quarry_write');
      }
      connection.exec('COMMIT');
    } catch (error) {
      if (connection.inTransaction) connection.exec('ROLLBACK');
      for (const write of group) write.settle(error);
      return;
    }
    for (const write of group) write.settle(refusals.get(write));
  }

  private statement(connection: SqliteConnection, sql: string) {
    if (this.preparedOn !== connection) {
      this.statements = new Map();
      this.preparedOn = connection;
    }
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = connection.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  private connection(): SqliteConnection {
    return (this.dataSource.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection;
  }
}
