import { Delete, Get, Param, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiQuery } from '@nestjs/swagger';
import { CurrentAccount, NotFoundErrorBodyDto } from '@quarry/http';
import { CrawlJobsService, type CrawlKind } from '../jobs/crawl-jobs.service';
import { CrawlJobDto } from './dto/crawl-job.dto';

/** The routes every crawl and batch has under its own path: its state and pages, and its cancel. */
export interface CrawlJobRoutes {
  readonly jobs: CrawlJobsService;
  status(accountId: string, jobId: string, cursor?: string): Promise<CrawlJobDto>;
  cancel(accountId: string, jobId: string): Promise<CrawlJobDto>;
}

/** The base of the controller of `kind`: `GET :jobId` and `DELETE :jobId` over `CrawlJobsService`. */
export function crawlJobRoutes(kind: CrawlKind): abstract new (jobs: CrawlJobsService) => CrawlJobRoutes {
  abstract class Routes implements CrawlJobRoutes {
    constructor(readonly jobs: CrawlJobsService) {}

    @Get(':jobId')
    @ApiOperation({ summary: `A ${kind}'s state, counts and recorded pages (100 per answer, then \`next\`)` })
    @ApiQuery({ name: 'cursor', required: false, description: 'The `next` of the previous answer.' })
    @ApiOkResponse({ type: CrawlJobDto })
    @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown, expired or foreign job.' })
    async status(
      @CurrentAccount() accountId: string,
      @Param('jobId') jobId: string,
      @Query('cursor') cursor?: string,
    ): Promise<CrawlJobDto> {
      return this.jobs.status(accountId, kind, jobId, cursor);
    }

    @Delete(':jobId')
    @ApiOperation({
      summary: `Cancel a ${kind}: no page starts after this; pages in flight finish and are charged`,
    })
    @ApiOkResponse({ type: CrawlJobDto })
    @ApiNotFoundResponse({ type: NotFoundErrorBodyDto, description: 'Unknown, expired or foreign job.' })
    async cancel(@CurrentAccount() accountId: string, @Param('jobId') jobId: string): Promise<CrawlJobDto> {
      return this.jobs.cancel(accountId, kind, jobId);
    }
  }
  return Routes;
}
