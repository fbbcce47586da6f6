import { Worker } from 'node:worker_threads';
import { PreparedSql, SqliteHandle, SqliteStatement } from '@quarry/persistence';

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
 * runs them in one transaction. A write refused by a constraint (a short balance, a charge made
 * twice) is undone alone: SQLite backs out the failed statement, its triggers' changes included,
 * and keeps the transaction (the default ABORT resolution; write no statement that asks for FAIL
 * or ROLLBACK, nor deferred foreign keys). Each promise settles after the COMMIT
 * returned, so an acknowledged write is as durable as one committed alone. An in-memory database
 * cannot be opened twice, and has no disk to wait for: its groups commit on the connection itself.
 */
export class SqliteGroupCommit {
  private pending: PendingWrite[] = [];
  private scheduled = false;
  private committing = false;
  private worker?: Worker;
  /** Settles the group out on the commit thread (one at a time) with the thread's answer. */
  private answered?: (answer: GroupAnswer | Error) => void;

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
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
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
    const worker = (this.worker ??= this.startWorker(file));
    return new Promise<GroupAnswer>((resolve, reject) => {
      this.answered = (answer) => {
        this.answered = undefined;
        // Referenced only while a group is out, so an idle commit thread never keeps the process alive.
        worker.unref();
        if (answer instanceof Error) reject(answer);
        else resolve(answer);
      };
      worker.ref();
      worker.postMessage(writes);
    });
  }

  /** The commit thread, listened to once for all its groups; if it dies, the group out fails and the next starts another. */
  private startWorker(file: string): Worker {
    const worker = startCommitWorker(file, this.sql.sqliteTimeoutMs());
    const died = (error: unknown) => {
      if (this.worker === worker) this.worker = undefined;
      this.answered?.(
        error instanceof Error ? error : new Error(`The SQLite commit thread exited (${String(error)}).`),
      );
    };
    worker.on('message', (answer: GroupAnswer) => this.answered?.(answer));
    worker.once('error', died);
    worker.once('exit', died);
    return worker;
  }
}

/**
 * One group: BEGIN IMMEDIATE, the writes, COMMIT; per write, its refusal or null. A refused
 * statement is backed out by SQLite alone; an error that ended the transaction (disk full, I/O)
 * fails the group as a whole, committing none of it, as does a failed COMMIT. Runs on the commit
 * thread as source text, so it uses nothing but its arguments.
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
      try {
        prepare(write.sql).run(...write.params);
        refusals.push(null);
      } catch (error) {
        if (!db.inTransaction) throw error;
        refusals.push({ message: (error as Error).message, code: (error as { code?: string }).code });
      }
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
