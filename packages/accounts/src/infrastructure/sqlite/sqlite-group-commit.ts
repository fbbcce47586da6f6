import { Worker } from 'node:worker_threads';
import { PreparedSql, SqliteHandle, SqliteStatement } from '@quarry/core';

interface Write {
  sql: string;
  params: unknown[];
}

interface PendingWrite extends Write {
  settle(error?: unknown): void;
}

/** A driver error as it crosses from the commit thread: enough for `isCheckViolation` and the like. */
interface Refusal {
  message: string;
  code?: string;
}

/** What the commit thread answers for one group. */
type GroupAnswer = { refusals: (Refusal | null)[] } | { failure: Refusal };

/**
 * Writes of concurrent requests committed together on SQLite. Every commit waits for the disk
 * (`synchronous = FULL`), and better-sqlite3 waits on the calling thread, so a commit on the event
 * loop's thread stalls every request for the length of an fsync. The writes queued while one group
 * commits are sent as the next group to a worker thread with its own connection to the file, which
 * runs them in one transaction, each in its own savepoint so a write refused by a constraint (a
 * short balance, a charge made twice) is undone alone. Each promise settles after the COMMIT
 * returned, so an acknowledged write is as durable as one committed alone. An in-memory database
 * cannot be opened twice, and has no disk to wait for: its groups commit on the connection itself.
 */
export class SqliteGroupCommit {
  private pending: PendingWrite[] = [];
  private scheduled = false;
  private committing = false;
  private worker?: Worker;

  constructor(private readonly sql: PreparedSql) {}

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

  /** Waits for the group being committed, then stops the commit thread. */
  async close(): Promise<void> {
    while (this.committing || this.pending.length > 0) await new Promise((r) => setTimeout(r, 5));
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private schedule(): void {
    if (this.scheduled || this.committing) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const file = this.sql.sqliteFile();
    // A TypeORM transaction open on an in-memory connection across an await: wait for its end.
    if (file === undefined && this.sql.sqliteHandle().inTransaction) return this.schedule();
    const group = this.pending;
    this.pending = [];
    this.committing = true;
    const writes = group.map(({ sql, params }) => ({ sql, params }));
    try {
      const answer =
        file === undefined
          ? answerOf(() => commitGroup(this.sql.sqliteHandle(), (sql) => this.sql.statement(sql), writes))
          : await this.commitOnWorker(file, writes);
      if ('failure' in answer) for (const write of group) write.settle(driverError(answer.failure));
      else
        group.forEach((write, i) =>
          write.settle(answer.refusals[i] ? driverError(answer.refusals[i]) : undefined),
        );
    } catch (error) {
      for (const write of group) write.settle(error);
    } finally {
      this.committing = false;
      if (this.pending.length > 0) this.schedule();
    }
  }

  private commitOnWorker(file: string, writes: Write[]): Promise<GroupAnswer> {
    const worker = (this.worker ??= startCommitWorker(file, this.sql.sqliteTimeoutMs()));
    return new Promise<GroupAnswer>((resolve, reject) => {
      const died = (error: unknown) => {
        this.worker = undefined;
        reject(
          error instanceof Error ? error : new Error(`The SQLite commit thread exited (${String(error)}).`),
        );
      };
      worker.once('error', died);
      worker.once('exit', died);
      worker.once('message', (answer: GroupAnswer) => {
        worker.off('error', died);
        worker.off('exit', died);
        worker.unref();
        resolve(answer);
      });
      // Referenced while a group is out, so a process with nothing else to do still waits for its commit.
      worker.ref();
      worker.postMessage(writes);
    });
  }
}

/**
 * One group: BEGIN IMMEDIATE, each write in its own savepoint, COMMIT; per write, its refusal or
 * null. Throws when the group as a whole failed (busy past the timeout, disk full), committing none
 * of it. Runs on the commit thread as source text, so it uses nothing but its arguments.
 */
function commitGroup(
  db: SqliteHandle,
  prepare: (sql: string) => SqliteStatement,
  writes: Write[],
): (Refusal | null)[] {
  const refusals: (Refusal | null)[] = [];
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const write of writes) {
      db.exec('SAVEPOINT quarry_write');
      try {
        prepare(write.sql).run(...write.params);
        refusals.push(null);
      } catch (error) {
        db.exec('ROLLBACK TO quarry_write');
        refusals.push({ message: (error as Error).message, code: (error as { code?: string }).code });
      }
      db.exec('RELEASE quarry_write');
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
  return refusals;
}

function answerOf(commit: () => (Refusal | null)[]): GroupAnswer {
  try {
    return { refusals: commit() };
  } catch (error) {
    return { failure: { message: (error as Error).message, code: (error as { code?: string }).code } };
  }
}

function driverError(refusal: Refusal): Error {
  return Object.assign(new Error(refusal.message), { code: refusal.code });
}

/** The commit thread: its own connection to `file`, with the pragmas TypeORM gives the app's. */
function startCommitWorker(file: string, timeoutMs: number): Worker {
  const source = `
    const { parentPort, workerData } = require('node:worker_threads');
    const Database = require(workerData.driver);
    const db = new Database(workerData.file, { timeout: workerData.timeoutMs });
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    const statements = new Map();
    const prepare = (sql) => {
      let statement = statements.get(sql);
      if (!statement) statements.set(sql, (statement = db.prepare(sql)));
      return statement;
    };
    const commitGroup = ${commitGroup.toString()};
    const answerOf = ${answerOf.toString()};
    parentPort.on('message', (writes) => parentPort.postMessage(answerOf(() => commitGroup(db, prepare, writes))));
  `;
  const worker = new Worker(source, {
    eval: true,
    workerData: { driver: require.resolve('better-sqlite3'), file, timeoutMs },
  });
  worker.unref();
  return worker;
}
