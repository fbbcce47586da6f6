import {
  Controller,
  Get,
  Inject,
  NotFoundException,
  Optional,
  Param,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CrawlJobsService } from '@quarry/crawl';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { confirmed } from './confirmation';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { redirect, sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { crawlKind, crawlTarget } from './views/crawl-progress';
import { crawlMarkdownPage } from './views/crawl-markdown.view';
import { crawlPage } from './views/crawl.view';
import type { PageContext } from './views/layout';

/** Messages a redirect may ask the crawl page to show, by name: nothing from the URL is echoed. */
const NOTICES: Record<string, string> = {
  cancelled: 'Cancelled: no page starts now; the pages being fetched finish, are recorded and charged.',
};

/**
 * A crawl or batch scrape of the signed-in account, where the host has `CrawlModule`: its progress
 * and pages, a page's Markdown, and its cancel. Another account's job is a 404 like an unknown one.
 */
@ApiExcludeController()
@Controller('crawls')
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class CrawlsController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    @Optional() private readonly crawls?: CrawlJobsService,
  ) {}

  @Get(':id')
  async show(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
    @Query('cursor') cursor?: string,
    @Query('notice') notice?: string,
  ): Promise<void> {
    const { accountId } = request.dashboardSession!;
    const crawls = this.available();
    const [entry, results] = await Promise.all([
      crawls.entry(accountId, id),
      crawls.results(accountId, id, cursor),
    ]);
    const model = { entry, results, cursor, notice: notice ? NOTICES[notice] : undefined };
    sendHtml(response, 200, crawlPage(this.context(request), model));
  }

  @Get(':id/pages/:index')
  async markdown(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
    @Param('index') index: string,
    @Query('cursor') cursor?: string,
  ): Promise<void> {
    const { pages } = await this.available().results(request.dashboardSession!.accountId, id, cursor);
    const recorded = /^\d{1,3}$/.test(index) ? pages[Number(index)] : undefined;
    if (recorded?.status !== 'completed') throw new NotFoundException('No such page.');
    sendHtml(response, 200, crawlMarkdownPage(this.context(request), id, recorded, cursor));
  }

  @Post(':id/cancel')
  async cancel(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
  ): Promise<void> {
    const { accountId } = request.dashboardSession!;
    const crawls = this.available();
    const entry = await crawls.entry(accountId, id);
    const kind = crawlKind(entry).toLowerCase();
    const question = {
      title: `Cancel ${kind}`,
      question: `Cancel the ${kind} of ${crawlTarget(entry)}? No page starts after this; the pages being fetched finish and are charged.`,
      action: `${this.settings.basePath}/crawls/${id}/cancel`,
      button: `Yes, cancel the ${kind}`,
      back: `${this.settings.basePath}/crawls/${id}`,
    };
    if (!confirmed(request, response, this.context(request), question)) return;
    await crawls.cancel(accountId, entry.kind, id);
    redirect(response, `${this.settings.basePath}/crawls/${id}?notice=cancelled`);
  }

  /** The crawl service, or the 404 of an unknown page where the host has no `CrawlModule`. */
  private available(): CrawlJobsService {
    if (!this.crawls) throw new NotFoundException('This service runs no crawls.');
    return this.crawls;
  }

  private context(request: DashboardRequest): PageContext {
    return {
      basePath: this.settings.basePath,
      csrfToken: request.dashboardSession!.csrfToken,
      current: 'jobs',
    };
  }
}
