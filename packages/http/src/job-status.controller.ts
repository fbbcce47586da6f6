import { Get, Param, Type } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { CurrentAccount } from './current-account.decorator';
import { NotFoundErrorBodyDto } from './error-body.dto';

/** The jobs a status route reads: the caller's job, or the `NotFoundError` of an unknown, expired or foreign id. */
export interface OwnJobs<Job> {
  get(accountId: string, jobId: string): Promise<Job>;
}

export interface JobStatusRoute<Job, View> {
  /** The operation's summary in the OpenAPI document. */
  summary: string;
  /** The DTO class of the answer. */
  type: Type<View>;
  /** The job as the route answers it. */
  view: (job: Job) => View;
}

/** A controller with the status route of its jobs; it gives `jobs` and declares its other routes. */
export interface JobStatusRoutes<Job, View> {
  readonly jobs: OwnJobs<Job>;
  get(accountId: string, jobId: string): Promise<View>;
}

/**
 * The base class of a controller whose jobs are read at `GET <its path>/jobs/:jobId`: the caller's
 * job as `route.view` shows it, 404 for an unknown, expired or foreign one, documented with
 * `route.summary` and `route.type`.
 *
 * ```ts
 * @Controller('things')
 * export class ThingsController extends JobStatusController({ summary, type: ThingJobDto, view }) {
 *   constructor(override readonly jobs: ThingJobsService) { super(); }
 * }
 * ```
 */
export function JobStatusController<Job, View>(
  route: JobStatusRoute<Job, View>,
): abstract new () => JobStatusRoutes<Job, View> {
  abstract class JobStatusBase implements JobStatusRoutes<Job, View> {
    abstract readonly jobs: OwnJobs<Job>;

    @Get('jobs/:jobId')
    @ApiOperation({ summary: route.summary })
    @ApiOkResponse({ type: route.type })
    @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown, expired or foreign job.' })
    async get(@CurrentAccount() accountId: string, @Param('jobId') jobId: string): Promise<View> {
      return route.view(await this.jobs.get(accountId, jobId));
    }
  }
  return JobStatusBase;
}
