/// <reference types="jest" />
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DeferJobError,
  JobContext,
  jobQueueHealth,
  JobStatus,
  RetryJobError,
  UnrecoverableJobError,
} from '@quarry/queue';
import { JobQueueChild, startJobQueueChild } from './job-queue-child-process';
import type { JobQueueEngineModule, JobQueueEngineSettings, OpenedJobQueue } from './job-queue-engine';

/** One engine over one store (a database, a Redis prefix), opened afresh for a contract run. */
export interface JobQueueContractSubject {
  /**
   * Opens a started engine on the store. Use short timings: poll about 50 ms, and leases or Bull
   * locks about 1 s, so a job whose worker was killed runs again within `crashRecoveryMs`.
   */
  open(settings?: JobQueueEngineSettings): Promise<OpenedJobQueue>;
  /** How a child process opens the same engine on the same store. */
  child: JobQueueEngineModule;
  /** How long after its worker was killed a job is running again, at most. */
  crashRecoveryMs: number;
  destroy(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  what: string,
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(25);
  }
}

/** A promise the test settles by hand, to hold a handler for as long as a case needs. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/**
 * The behaviour every `JobQueue` engine promises, run over a subject that opens engines on one
 * shared store. Each case uses its own queue names, so cases never see each other's jobs.
 */
export function describeJobQueueContract(
  name: string,
  createSubject: () => Promise<JobQueueContractSubject>,
): void {
  describe(`JobQueue contract: ${name}`, () => {
    let subject: JobQueueContractSubject;
    let opened: OpenedJobQueue[] = [];
    let gates: Array<{ open(): void }> = [];
    let children: JobQueueChild[] = [];
    let dirs: string[] = [];
    let queueCount = 0;

    const open = async (settings?: JobQueueEngineSettings) => {
      const engine = await subject.open(settings);
      opened.push(engine);
      return engine;
    };
    const closeEngine = async (engine: OpenedJobQueue) => {
      opened = opened.filter((candidate) => candidate !== engine);
      await engine.close();
    };
    const queueName = (label: string) => `${label}-${++queueCount}-${process.pid}`;
    const held = () => {
      const g = gate();
      gates.push(g);
      return g.promise;
    };
    const stateOf = (engine: OpenedJobQueue, queue: string, id: string) => engine.queue.getState(queue, id);
    const settled = (engine: OpenedJobQueue, queue: string, id: string, timeoutMs?: number) =>
      waitFor<JobStatus>(
        `job ${queue}/${id} to complete or fail`,
        async () => {
          const status = await stateOf(engine, queue, id);
          return status && (status.state === 'completed' || status.state === 'failed') ? status : undefined;
        },
        timeoutMs,
      );

    beforeAll(async () => {
      subject = await createSubject();
    }, 60_000);

    afterEach(async () => {
      for (const child of children) child.process.kill('SIGKILL');
      await Promise.all(children.map((child) => child.exited));
      for (const g of gates) g.open();
      await Promise.all(opened.map((engine) => engine.close()));
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      opened = [];
      gates = [];
      children = [];
      dirs = [];
    }, 30_000);

    afterAll(async () => {
      await subject?.destroy();
    }, 30_000);

    it('answers ping, and is up as a health indicator while open', async () => {
      const engine = await open();
      await expect(engine.queue.ping()).resolves.toBeUndefined();
      await expect(jobQueueHealth(engine.queue)).resolves.toEqual({ queue: { status: 'up' } });
    });

    it('runs a job with its data', async () => {
      const engine = await open();
      const queue = queueName('data');
      const seen: JobContext<unknown>[] = [];
      engine.queue.process(queue, async (job) => {
        seen.push(job);
      });
      const data = { url: 'https://example.com/', nested: { list: [1, 'two', null], flag: true } };
      const { id } = await engine.queue.add(queue, data);

      expect(await settled(engine, queue, id)).toEqual({ id, state: 'completed', attemptsMade: 1 });
      expect(seen).toEqual([{ id, queue, data, attempt: 1, maxAttempts: 1 }]);
    });

    it('takes an object or an array as data, and nothing else', async () => {
      const engine = await open();
      const queue = queueName('shapes');
      const seen: unknown[] = [];
      engine.queue.process(queue, async (job) => {
        seen.push(job.data);
      });
      for (const { id } of [
        await engine.queue.add(queue, ['a', 1]),
        await engine.queue.add(queue, undefined),
      ]) {
        await settled(engine, queue, id);
      }
      expect(seen).toHaveLength(2);
      expect(seen).toEqual(expect.arrayContaining([['a', 1], {}]));
      for (const data of [null, 0, false, '', 'text']) {
        await expect(engine.queue.add(queue, data)).rejects.toThrow(TypeError);
      }
    });

    it('treats a job id it already holds as the same job', async () => {
      const engine = await open();
      const queue = queueName('dedupe');
      const runs: unknown[] = [];
      const ids = await Promise.all(
        [1, 2, 3, 4, 5].map((n) =>
          engine.queue.add(queue, { n }, { jobId: 'report-42' }).then((job) => job.id),
        ),
      );
      expect(new Set(ids)).toEqual(new Set(['report-42']));
      engine.queue.process(queue, async (job) => {
        runs.push(job.data);
      });
      await settled(engine, queue, 'report-42');
      expect((await engine.queue.add(queue, { n: 6 }, { jobId: 'report-42' })).id).toBe('report-42');
      await sleep(300);
      expect(runs).toHaveLength(1);
      expect(await stateOf(engine, queue, 'report-42')).toMatchObject({
        state: 'completed',
        attemptsMade: 1,
      });
    });

    it('runs as many jobs at once as the concurrency allows, and no more', async () => {
      const engine = await open();
      const queue = queueName('concurrency');
      let running = 0;
      let most = 0;
      engine.queue.process(
        queue,
        async () => {
          running += 1;
          most = Math.max(most, running);
          await sleep(150);
          running -= 1;
        },
        { concurrency: 3 },
      );
      const started = Date.now();
      const jobs = await Promise.all(Array.from({ length: 9 }, (_, n) => engine.queue.add(queue, { n })));
      for (const { id } of jobs)
        expect(await settled(engine, queue, id)).toMatchObject({ state: 'completed' });

      expect(most).toBe(3);
      expect(Date.now() - started).toBeLessThan(9 * 150);
    });

    it('retries with exponential backoff, then succeeds', async () => {
      const engine = await open();
      const queue = queueName('backoff');
      const attempts: Array<{ attempt: number; at: number }> = [];
      engine.queue.process(queue, async (job) => {
        attempts.push({ attempt: job.attempt, at: Date.now() });
        if (job.attempt < 3) throw new Error(`flaky ${job.attempt}`);
      });
      const { id } = await engine.queue.add(
        queue,
        {},
        { attempts: 4, backoff: { type: 'exponential', delay: 200 } },
      );

      expect(await settled(engine, queue, id)).toEqual({
        id,
        state: 'completed',
        attemptsMade: 3,
        failedReason: 'flaky 2',
      });
      expect(attempts.map((entry) => entry.attempt)).toEqual([1, 2, 3]);
      const firstWait = attempts[1].at - attempts[0].at;
      const secondWait = attempts[2].at - attempts[1].at;
      expect(firstWait).toBeGreaterThanOrEqual(190);
      expect(firstWait).toBeLessThan(700);
      expect(secondWait).toBeGreaterThanOrEqual(390);
      expect(secondWait).toBeLessThan(1000);
    });

    it('fails a job with the last reason once its attempts are used', async () => {
      const engine = await open();
      const queue = queueName('exhausted');
      let calls = 0;
      engine.queue.process(queue, async (job) => {
        calls += 1;
        throw new Error(`broken on attempt ${job.attempt}`);
      });
      const { id } = await engine.queue.add(
        queue,
        {},
        { attempts: 3, backoff: { type: 'fixed', delay: 50 } },
      );

      expect(await settled(engine, queue, id)).toEqual({
        id,
        state: 'failed',
        attemptsMade: 3,
        failedReason: 'broken on attempt 3',
      });
      await sleep(200);
      expect(calls).toBe(3);
    });

    it('does not retry an UnrecoverableJobError', async () => {
      const engine = await open();
      const queue = queueName('unrecoverable');
      let calls = 0;
      engine.queue.process(queue, async () => {
        calls += 1;
        throw new UnrecoverableJobError('the page is gone');
      });
      const { id } = await engine.queue.add(
        queue,
        {},
        { attempts: 5, backoff: { type: 'fixed', delay: 20 } },
      );

      expect(await settled(engine, queue, id)).toEqual({
        id,
        state: 'failed',
        attemptsMade: 1,
        failedReason: 'the page is gone',
      });
      await sleep(200);
      expect(calls).toBe(1);
    });

    it('waits as long as a RetryJobError asks instead of the backoff', async () => {
      const engine = await open();
      const queue = queueName('retry-after');
      const starts: number[] = [];
      engine.queue.process(queue, async (job) => {
        starts.push(Date.now());
        if (job.attempt === 1) throw new RetryJobError('rate limited', 700);
      });
      const { id } = await engine.queue.add(
        queue,
        {},
        { attempts: 2, backoff: { type: 'exponential', delay: 10 } },
      );

      expect(await settled(engine, queue, id)).toMatchObject({ state: 'completed', attemptsMade: 2 });
      expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(680);
      expect(starts[1] - starts[0]).toBeLessThan(1500);
    });

    it('puts a job back on DeferJobError without using an attempt, running other jobs meanwhile', async () => {
      const engine = await open();
      const queue = queueName('defer');
      const runs: string[] = [];
      engine.queue.process<{ name: string }>(queue, async (job) => {
        runs.push(job.data.name);
        const deferrals = runs.filter((name) => name === 'deferred').length - 1;
        if (job.data.name === 'deferred' && deferrals < 2) throw new DeferJobError('not now', 100);
      });
      const deferred = await engine.queue.add(queue, { name: 'deferred' });
      const other = await engine.queue.add(queue, { name: 'other' });

      expect(await settled(engine, queue, deferred.id)).toEqual({
        id: deferred.id,
        state: 'completed',
        attemptsMade: 1,
      });
      expect(await settled(engine, queue, other.id)).toMatchObject({ state: 'completed', attemptsMade: 1 });
      expect(runs.filter((name) => name === 'deferred')).toHaveLength(3);
      expect(runs.indexOf('other')).toBeLessThan(runs.lastIndexOf('deferred'));
    });

    it('delays the first attempt', async () => {
      const engine = await open();
      const queue = queueName('delayed');
      let startedAt = 0;
      engine.queue.process(queue, async () => {
        startedAt = Date.now();
      });
      const addedAt = Date.now();
      const { id } = await engine.queue.add(queue, {}, { delay: 600 });
      expect(await stateOf(engine, queue, id)).toEqual({ id, state: 'waiting', attemptsMade: 0 });

      await settled(engine, queue, id);
      expect(startedAt - addedAt).toBeGreaterThanOrEqual(590);
      expect(startedAt - addedAt).toBeLessThan(1500);
    });

    it('only enqueues in the api role; a worker sharing the store runs the job', async () => {
      const api = await open({ runWorkers: false });
      const queue = queueName('roles');
      const ranInApi = jest.fn(async () => undefined);
      api.queue.process(queue, ranInApi);
      const { id } = await api.queue.add(queue, { from: 'api' });
      await sleep(600);
      expect(ranInApi).not.toHaveBeenCalled();
      expect(await stateOf(api, queue, id)).toEqual({ id, state: 'waiting', attemptsMade: 0 });

      const worker = await open();
      const ranInWorker: unknown[] = [];
      worker.queue.process(queue, async (job) => {
        ranInWorker.push(job.data);
      });
      expect(await settled(api, queue, id)).toMatchObject({ state: 'completed' });
      expect(ranInWorker).toEqual([{ from: 'api' }]);
      expect(ranInApi).not.toHaveBeenCalled();
    });

    it('shares the work between engines on one store, each job once', async () => {
      const queue = queueName('shared');
      const runs = new Map<number, number>();
      const byEngine = [0, 0];
      const engines = await Promise.all([open(), open()]);
      engines.forEach((engine, index) =>
        engine.queue.process(
          queue,
          async (job: JobContext<{ n: number }>) => {
            runs.set(job.data.n, (runs.get(job.data.n) ?? 0) + 1);
            byEngine[index] += 1;
            await sleep(50);
          },
          { concurrency: 2 },
        ),
      );
      const jobs = await Promise.all(
        Array.from({ length: 20 }, (_, n) => engines[n % 2].queue.add(queue, { n })),
      );
      for (const { id } of jobs) await settled(engines[0], queue, id);

      expect([...runs.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(byEngine.every((count) => count > 0)).toBe(true);
    });

    it('lets a running job finish within the shutdown grace time', async () => {
      const observer = await open({ runWorkers: false });
      const engine = await open({ shutdownGraceMs: 3000 });
      const queue = queueName('grace');
      let started = false;
      engine.queue.process(queue, async () => {
        started = true;
        await sleep(300);
      });
      const { id } = await engine.queue.add(queue, {});
      await waitFor('the job to start', () => started);

      await closeEngine(engine);
      expect(await stateOf(observer, queue, id)).toEqual({ id, state: 'completed', attemptsMade: 1 });
    });

    it('gives a job still running at shutdown back, and the next engine runs it without using an attempt', async () => {
      const observer = await open({ runWorkers: false });
      const first = await open({ shutdownGraceMs: 300 });
      const queue = queueName('handback');
      const release = held();
      let firstStarted = false;
      first.queue.process(queue, async () => {
        firstStarted = true;
        await release;
      });
      const { id } = await first.queue.add(queue, { n: 1 }, { attempts: 1 });
      await waitFor('the job to start', () => firstStarted);

      await closeEngine(first);
      expect(await stateOf(observer, queue, id)).toEqual({ id, state: 'waiting', attemptsMade: 0 });

      const second = await open();
      const attempts: number[] = [];
      second.queue.process(queue, async (job) => {
        attempts.push(job.attempt);
      });
      expect(await settled(observer, queue, id)).toEqual({ id, state: 'completed', attemptsMade: 1 });
      expect(attempts).toEqual([1]);

      gates.forEach((g) => g.open());
      await sleep(200);
      expect(await stateOf(observer, queue, id)).toEqual({ id, state: 'completed', attemptsMade: 1 });
    });

    it('runs a job whose worker process was killed again, exactly once', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'quarry-queue-contract-'));
      dirs.push(dir);
      const log = join(dir, 'events.log');
      const events = () =>
        readFileSync(log, { encoding: 'utf8', flag: 'a+' })
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { event: string; pid: number; id: string; attempt: number });
      const queue = queueName('killed');
      const observer = await open({ runWorkers: false });

      const child = startJobQueueChild(subject.child, queue, log);
      children.push(child);
      const { id } = await observer.queue.add(queue, { report: 7 }, { attempts: 1 });
      await Promise.race([
        waitFor(
          'the child process to start the job',
          () => events().some((e) => e.event === 'started'),
          20_000,
        ),
        child.exited.then((code) => {
          throw new Error(`The child process exited (${code}) before it started the job:\n${child.stderr()}`);
        }),
      ]);
      child.process.kill('SIGKILL');
      await child.exited;
      expect(await stateOf(observer, queue, id)).toMatchObject({ state: 'active' });

      const worker = await open();
      worker.queue.process(queue, async (job) => {
        await appendFile(
          log,
          JSON.stringify({ event: 'completed', pid: process.pid, id: job.id, attempt: job.attempt }) + '\n',
        );
      });
      expect(await settled(observer, queue, id, subject.crashRecoveryMs + 5000)).toEqual({
        id,
        state: 'completed',
        attemptsMade: 1,
      });
      await sleep(subject.crashRecoveryMs);

      expect(events()).toEqual([
        { event: 'started', pid: child.process.pid, id, attempt: 1 },
        { event: 'completed', pid: process.pid, id, attempt: 1 },
      ]);
    }, 45_000);
  });
}
