import { Controller, Get, Inject, Optional, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CrawlJobsService } from '@quarry/crawl';
import { ScrapeJobsService } from '@quarry/scrape';
import { VideoJobsService } from '@quarry/video';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { jobsPage } from './views/jobs.view';

const RECENT_JOBS = 50;

/**
 * The account's recent async scrapes, video jobs where the host has `VideoModule`, and crawls and
 * batches where it has `CrawlModule`.
 */
@ApiExcludeController()
@Controller('jobs')
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class JobsController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly scrapes: ScrapeJobsService,
    @Optional() private readonly videos?: VideoJobsService,
    @Optional() private readonly crawls?: CrawlJobsService,
  ) {}

  @Get()
  async list(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const { accountId, csrfToken } = request.dashboardSession!;
    const context = { basePath: this.settings.basePath, csrfToken, current: 'jobs' as const };
    const [scrapes, videos, crawls] = await Promise.all([
      this.scrapes.recent(accountId, RECENT_JOBS),
      this.videos?.recent(accountId, RECENT_JOBS),
      this.crawls?.recent(accountId, RECENT_JOBS),
    ]);
    sendHtml(response, 200, jobsPage(context, scrapes, videos, crawls));
  }
}
