import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { JobQueueChildConfig } from './job-queue-child-process';
import type { JobQueueEngineOpener } from './job-queue-engine';

// Entry point of the child process started by `startJobQueueChild`.
async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2]) as JobQueueChildConfig;
  const load = createRequire(__filename);
  const open = (load(config.engine.module) as Record<string, JobQueueEngineOpener>)[config.engine.exportName];
  if (typeof open !== 'function') {
    throw new Error(`${config.engine.module} exports no function ${config.engine.exportName}`);
  }
  const engine = await open(config.engine.argument, { runWorkers: true });
  engine.queue.process(config.queue, async (job) => {
    appendFileSync(
      config.logFile,
      JSON.stringify({ event: 'started', pid: process.pid, id: job.id, attempt: job.attempt }) + '\n',
    );
    await new Promise<never>(() => undefined);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
