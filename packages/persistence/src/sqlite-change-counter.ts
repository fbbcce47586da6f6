import { PreparedSql } from './prepared-sql';

/**
 * Whether other connections (another process, another instance, the CLI) changed a table, on
 * SQLite, for a process that remembers some of the table in memory. The table's triggers move a
 * counter in the statement that changes it; the counter is read only when `PRAGMA data_version`
 * says another connection committed, and `data_version` once per event-loop turn
 * (`PreparedSql.sqliteDataVersion`): requests that arrived together share its answer, so only the
 * first of them can find the counter moved. Writes made through this process's own connection are
 * told with `countOwn`, so they are not taken for another's (and whoever makes them updates its
 * memory itself).
 */
export class SqliteChangeCounter {
  private seenDataVersion?: number;
  private seenCount?: number;
  /** What this connection's own writes added to the counter since it was last read. */
  private ownChanges = 0;

  /** `counterSql` selects the counter as a single row with one column, `changes`. */
  constructor(
    private readonly sql: PreparedSql,
    private readonly counterSql: string,
  ) {}

  /** True on the first call, then whenever another connection moved the counter since the last call. */
  moved(): boolean {
    const version = this.sql.sqliteDataVersion();
    if (version === this.seenDataVersion) return false;
    this.seenDataVersion = version;
    // Synchronous on SQLite: nothing runs between the two reads and what the caller reads after them.
    const [{ changes }] = this.sql.statement(this.counterSql).all() as { changes: number }[];
    const movedElsewhere = this.seenCount === undefined || changes !== this.seenCount + this.ownChanges;
    this.seenCount = changes;
    this.ownChanges = 0;
    return movedElsewhere;
  }

  /**
   * Counts `changes` rows written through this process's own connection, which moved the counter
   * by as much, so that they are not taken for another connection's. Never count more than were
   * written: a change of another connection would then go unseen.
   */
  countOwn(changes: number): void {
    this.ownChanges += changes;
  }
}
