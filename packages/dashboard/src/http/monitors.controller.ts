import { Controller, Get, Inject, Param, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { QuarryError } from '@quarry/core';
import { MonitorsService } from '@quarry/monitor';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { redirect, sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import type { PageContext } from './views/layout';
import { monitorPage } from './views/monitor.view';
import { monitorsPage, type MonitorForm } from './views/monitors.view';

const HISTORY = 20;
/** Messages a redirect may ask the monitor page to show, by name: nothing from the URL is echoed. */
const NOTICES: Record<string, string> = {
  run: 'A check is queued; reload this page in a moment to see its result.',
  paused: 'The monitor is paused.',
  resumed: 'The monitor is active again; a check is queued.',
};

/** Monitors through `MonitorsService`; another account's monitor is a 404 like an unknown one. */
@ApiExcludeController()
@Controller('monitors')
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class MonitorsController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly monitors: MonitorsService,
  ) {}

  @Get()
  async list(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const { accountId } = request.dashboardSession!;
    sendHtml(response, 200, monitorsPage(this.context(request), await this.monitors.list(accountId)));
  }

  @Post()
  async create(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const { accountId } = request.dashboardSession!;
    const body = request.body ?? {};
    const form: MonitorForm = {
      url: (body.url ?? '').trim(),
      intervalMinutes: (body.intervalMinutes ?? '').trim(),
      email: body.email === 'on',
      webhookUrl: (body.webhookUrl ?? '').trim(),
    };
    try {
      const { monitor } = await this.monitors.create(accountId, {
        url: form.url,
        intervalMinutes: Number(form.intervalMinutes),
        notifications: {
          email: form.email,
          ...(form.webhookUrl ? { webhook: { url: form.webhookUrl } } : {}),
        },
      });
      redirect(response, `${this.settings.basePath}/monitors/${monitor.id}`);
    } catch (error) {
      if (!(error instanceof QuarryError) || error.status >= 500) throw error;
      const monitors = await this.monitors.list(accountId);
      sendHtml(
        response,
        error.status,
        monitorsPage(this.context(request), monitors, { message: describe(error), form }),
      );
    }
  }

  @Get(':id')
  async show(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
    @Query('notice') notice?: string,
  ): Promise<void> {
    const { accountId } = request.dashboardSession!;
    const monitor = await this.monitors.get(accountId, id);
    const [checks, events] = await Promise.all([
      this.monitors.checks(accountId, id, { limit: HISTORY }),
      this.monitors.events(accountId, id, { limit: HISTORY }),
    ]);
    const model = { monitor, checks, events, notice: notice ? NOTICES[notice] : undefined };
    sendHtml(response, 200, monitorPage(this.context(request), model));
  }

  @Post(':id/run')
  async run(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
  ): Promise<void> {
    await this.monitors.runNow(request.dashboardSession!.accountId, id);
    redirect(response, `${this.settings.basePath}/monitors/${id}?notice=run`);
  }

  @Post(':id/pause')
  async pause(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
  ): Promise<void> {
    await this.monitors.update(request.dashboardSession!.accountId, id, { status: 'paused' });
    redirect(response, `${this.settings.basePath}/monitors/${id}?notice=paused`);
  }

  @Post(':id/resume')
  async resume(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
  ): Promise<void> {
    await this.monitors.update(request.dashboardSession!.accountId, id, { status: 'active' });
    redirect(response, `${this.settings.basePath}/monitors/${id}?notice=resumed`);
  }

  @Post(':id/delete')
  async remove(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
  ): Promise<void> {
    await this.monitors.remove(request.dashboardSession!.accountId, id);
    redirect(response, `${this.settings.basePath}/monitors`);
  }

  private context(request: DashboardRequest): PageContext {
    return {
      basePath: this.settings.basePath,
      csrfToken: request.dashboardSession!.csrfToken,
      current: 'monitors',
    };
  }
}

/** The error's message with the field details a form needs, e.g. which value was refused. */
function describe(error: QuarryError): string {
  const details = error.extra.details;
  const reasons =
    details && typeof details === 'object' ? Object.values(details).filter((v) => typeof v === 'string') : [];
  return [error.message, ...reasons].join(' ');
}
