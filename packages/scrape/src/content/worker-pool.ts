import { Worker, type ResourceLimits } from 'node:worker_threads';

export interface WorkerPoolOptions {
  /** The compiled worker script. */
  script: string;
  /** Threads at most; each starts when first needed. */
  size: number;
  resourceLimits: ResourceLimits;
  /** Given to each thread as its `workerData`. */
  workerData?: unknown;
}

/** Why a task ended without the worker's answer. */
export type WorkerFailure = 'deadline' | 'memory' | 'crash';

export class WorkerTaskError extends Error {
  constructor(readonly failure: WorkerFailure) {
    super(`The worker task ended: ${failure}`);
    this.name = 'WorkerTaskError';
  }
}

interface Task {
  message: unknown;
  transfer: ArrayBuffer[];
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  thread?: Thread;
}

interface Thread {
  worker: Worker;
  task?: Task;
}

/**
 * A bounded pool of worker threads, one task per thread at a time, each task with a deadline that
 * counts from submission: past it the task's thread is terminated (a runaway task cannot be told to
 * stop) and replaced when the next task comes, and the task fails with `deadline`. A thread that
 * runs out of memory or crashes fails its task the same way. The threads do not keep the process
 * alive while idle.
 */
export class WorkerPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Task[] = [];
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** The worker's answer to `message`, or `WorkerTaskError` when the deadline passes first. */
  run<T>(message: unknown, timeoutMs: number, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The worker pool is closed.'));
    return new Promise<T>((resolve, reject) => {
      const task: Task = {
        message,
        transfer,
        resolve: resolve as (answer: unknown) => void,
        reject,
        timer: setTimeout(() => this.expire(task), Math.max(0, timeoutMs)),
      };
      this.queue.push(task);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) this.settle(task, new Error('The worker pool is closed.'));
    await Promise.all(this.threads.splice(0).map((thread) => thread.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.threads.find((candidate) => !candidate.task) ?? this.start();
      if (!thread) return;
      const task = this.queue.shift()!;
      thread.task = task;
      task.thread = thread;
      thread.worker.ref();
      thread.worker.postMessage(task.message, task.transfer);
    }
  }

  private start(): Thread | undefined {
    if (this.threads.length >= this.options.size) return undefined;
    const worker = new Worker(this.options.script, {
      resourceLimits: this.options.resourceLimits,
      workerData: this.options.workerData,
    });
    const thread: Thread = { worker };
    worker.unref();
    worker.on('message', (answer: unknown) => {
      const task = thread.task;
      thread.task = undefined;
      worker.unref();
      if (task) {
        clearTimeout(task.timer);
        task.resolve(answer);
      }
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) =>
      this.lose(thread, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crash'),
    );
    worker.on('exit', () => this.lose(thread, 'crash'));
    this.threads.push(thread);
    return thread;
  }

  private expire(task: Task): void {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) this.queue.splice(queued, 1);
    if (task.thread) {
      const thread = task.thread;
      this.remove(thread);
      void thread.worker.terminate();
    }
    this.settle(task, new WorkerTaskError('deadline'));
    this.dispatch();
  }

  private lose(thread: Thread, failure: WorkerFailure): void {
    if (!this.remove(thread)) return;
    if (thread.task) this.settle(thread.task, new WorkerTaskError(failure));
    this.dispatch();
  }

  private remove(thread: Thread): boolean {
    const index = this.threads.indexOf(thread);
    if (index < 0) return false;
    this.threads.splice(index, 1);
    return true;
  }

  private settle(task: Task, error: Error): void {
    clearTimeout(task.timer);
    task.reject(error);
  }
}
