import { VideoJobsService, type VideoJob, type VideoJobRequest } from '../../src';
import type { VideoTestContext } from './video-test-module';

/** Submits and polls until the job (and its callback, if any) settled, recording every progress seen. */
export async function runVideoJob(
  context: VideoTestContext,
  accountId: string,
  request: VideoJobRequest,
  progress: number[] = [],
): Promise<VideoJob> {
  const jobs = context.moduleRef.get(VideoJobsService);
  const { id } = await jobs.submit(accountId, request);
  for (let i = 0; i < 2400; i++) {
    const job = await jobs.get(accountId, id);
    if (progress.at(-1) !== job.progress) progress.push(job.progress);
    const done = job.status === 'completed' || job.status === 'failed';
    if (done && job.delivery?.status !== 'pending') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`job ${id} did not settle`);
}
