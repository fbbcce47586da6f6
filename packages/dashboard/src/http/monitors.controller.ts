import { Controller, Get, Inject, Param, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { QuarryError } from '@quarry/core';
import { MonitorsService } from '@quarry/monitor';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardFlash } from '../domain/dashboard-flash.service';
import { confirmed } from './confirmation';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { redirect, sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import type { PageContext } from './views/layout';
import { monitorPage } from './views/monitor.view';
import { createRequestOf, formErrors, monitorFormFor, monitorFormOf, updateRequestOf } from './monitor-form';
import { monitorEditPage } from './views/monitor-edit.view';
import { monitorSnapshotPage } from './views/monitor-snapshot.view';
import { monitorsPage } from './views/monitors.view';

const HISTORY = 20;
/** Messages a redirect may ask the monitor page to show, by name: nothing from the URL is echoed. */
const NOTICES: Record<string, string> = {
  run: 'A check is queued; reload this page in a moment to see its result.',
  paused: 'The monitor is paused.',
  resumed: 'The monitor is active again; a check is queued.',
  saved: 'The changes are saved.',
};

/**
 * Monitors through `MonitorsService`; another account's monitor is a 404 like an unknown one. A
 * monitor's webhook secret is shown once after creation and on request, through the session's flash.
 */
@ApiExcludeController()
@Controller('monitors')
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class MonitorsController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly monitors: MonitorsService,
    private readonly flash: DashboardFlash,
  ) {}

  @Get()
  async list(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const { accountId } = request.dashboardSession!;
    sendHtml(response, 200, monitorsPage(this.context(request), await this.monitors.list(accountId)));
  }

  @Post()
  async create(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const { accountId, token } = request.dashboardSession!;
    const form = monitorFormOf(request.body ?? {});
    try {
      const { monitor, webhookSecret } = await this.monitors.create(accountId, createRequestOf(form));
      if (form.webhookUrl)
        await this.flash.put(token, { page: 'monitor', monitorId: monitor.id, webhookSecret });
      redirect(response, `${this.settings.basePath}/monitors/${monitor.id}`);
    } catch (error) {
      if (!(error instanceof QuarryError) || error.status >= 500) throw error;
      const monitors = await this.monitors.list(accountId);
      sendHtml(
        response,
        error.status,
        monitorsPage(this.context(request), monitors, { errors: formErrors(error), form }),
      );
    }
  }

  @Get(':id')
  async show(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
    @Query('notice') notice?: string,
    @Query('checksBefore') checksBefore?: string,
  ): Promise<void> {
    const { accountId, token } = request.dashboardSession!;
    const monitor = await this.monitors.get(accountId, id);
    const asked = new Date(checksBefore ?? Number.NaN);
    const before = Number.isNaN(asked.getTime()) ? undefined : asked;
    const [checks, events, flash] = await Promise.all([
      this.monitors.checks(accountId, id, { limit: HISTORY + 1, before }),
      this.monitors.events(accountId, id, { limit: HISTORY }),
      this.flash.take(token, 'monitor'),
    ]);
    const model = {
      monitor,
      checks: { shown: checks.slice(0, HISTORY), more: checks.length > HISTORY, paged: before !== undefined },
      events,
      notice: notice ? NOTICES[notice] : undefined,
      webhookSecret: flash?.monitorId === id ? flash.webhookSecret : undefined,
    };
    sendHtml(response, 200, monitorPage(this.context(request), model));
  }

  @Get(':id/checks/:checkId')
  async snapshot(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
    @Param('checkId') checkId: string,
  ): Promise<void> {
    const { accountId } = request.dashboardSession!;
    const monitor = await this.monitors.get(accountId, id);
    const snapshot = await this.monitors.snapshot(accountId, id, checkId);
    sendHtml(response, 200, monitorSnapshotPage(this.context(request), monitor, snapshot));
  }

  @Get(':id/edit')
  async edit(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
  ): Promise<void> {
    const monitor = await this.monitors.get(request.dashboardSession!.accountId, id);
    sendHtml(response, 200, monitorEditPage(this.context(request), monitor, monitorFormFor(monitor)));
  }

  @Post(':id/edit')
  async save(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
  ): Promise<void> {
    const { accountId } = request.dashboardSession!;
    const monitor = await this.monitors.get(accountId, id);
    const form = { ...monitorFormOf(request.body ?? {}), url: monitor.url };
    try {
      await this.monitors.update(accountId, id, updateRequestOf(form));
      redirect(response, `${this.settings.basePath}/monitors/${id}?notice=saved`);
    } catch (error) {
      if (!(error instanceof QuarryError) || error.status >= 500) throw error;
      sendHtml(
        response,
        error.status,
        monitorEditPage(this.context(request), monitor, form, formErrors(error)),
      );
    }
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
    const { accountId } = request.dashboardSession!;
    const monitor = await this.monitors.get(accountId, id);
    const question = {
      title: 'Delete monitor',
      question: `Delete the monitor of ${monitor.url} with its checks and changes? This cannot be undone.`,
      action: `${this.settings.basePath}/monitors/${id}/delete`,
      button: 'Delete monitor',
      back: `${this.settings.basePath}/monitors/${id}`,
    };
    if (!confirmed(request, response, this.context(request), question)) return;
    await this.monitors.remove(accountId, id);
    redirect(response, `${this.settings.basePath}/monitors`);
  }

  @Post(':id/webhook-secret/reveal')
  async revealSecret(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
  ): Promise<void> {
    const { accountId, token } = request.dashboardSession!;
    const webhookSecret = await this.monitors.webhookSecret(accountId, id);
    await this.flash.put(token, { page: 'monitor', monitorId: id, webhookSecret });
    redirect(response, `${this.settings.basePath}/monitors/${id}#webhook`);
  }

  @Post(':id/webhook-secret/rotate')
  async rotateSecret(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('id') id: string,
  ): Promise<void> {
    const { accountId, token } = request.dashboardSession!;
    await this.monitors.get(accountId, id);
    const question = {
      title: 'Rotate the monitor’s webhook secret',
      question:
        'Rotate this monitor’s webhook signing secret? Its next notifications are signed with the new secret only, so update the receiver at once.',
      action: `${this.settings.basePath}/monitors/${id}/webhook-secret/rotate`,
      button: 'Rotate secret',
      back: `${this.settings.basePath}/monitors/${id}#webhook`,
    };
    if (!confirmed(request, response, this.context(request), question)) return;
    const webhookSecret = await this.monitors.rotateWebhookSecret(accountId, id);
    await this.flash.put(token, { page: 'monitor', monitorId: id, webhookSecret });
    redirect(response, `${this.settings.basePath}/monitors/${id}#webhook`);
  }

  private context(request: DashboardRequest): PageContext {
    return {
      basePath: this.settings.basePath,
      csrfToken: request.dashboardSession!.csrfToken,
      current: 'monitors',
    };
  }
}
