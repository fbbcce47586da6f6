import { Controller, Get, Inject, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Clock, InvalidRequestError } from '@quarry/core';
import { InjectQuarryDataSource } from '@quarry/persistence';
import { RequestLog, requestLogPage } from '@quarry/accounts';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardKeys } from '../domain/dashboard-keys.service';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { requestsPage, STATUS_CLASSES, type StatusClass } from './views/requests.view';

const REQUESTS_PAGE = 50;

/** The request log: `?key=<id>`, `?status=4xx` filter it, `?before=<cursor>` pages back. */
@ApiExcludeController()
@Controller('requests')
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class RequestsController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly keys: DashboardKeys,
    private readonly requestLog: RequestLog,
    private readonly clock: Clock,
    @InjectQuarryDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  async list(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Query('key') keyParam?: string,
    @Query('status') statusParam?: string,
    @Query('before') beforeParam?: string,
  ): Promise<void> {
    const { accountId, csrfToken } = request.dashboardSession!;
    const context = { basePath: this.settings.basePath, csrfToken, current: 'requests' as const };
    const keys = await this.keys.list(accountId);
    const filter = {
      key: keyParam || undefined,
      status: (statusParam || undefined) as StatusClass | undefined,
      before: beforeParam || undefined,
    };
    if (filter.key !== undefined && !keys.some((key) => key.id === filter.key))
      throw new InvalidRequestError('The key asked for is not a key of this account.');
    if (filter.status !== undefined && !STATUS_CLASSES.includes(filter.status))
      throw new InvalidRequestError(`status is one of ${STATUS_CLASSES.join(', ')}.`);
    const found = this.requestLog.enabled
      ? await requestLogPage(this.dataSource, accountId, {
          before: filter.before,
          apiKeyId: filter.key,
          statusClass: filter.status && Number(filter.status[0]),
          limit: REQUESTS_PAGE,
          now: this.clock.now(),
        })
      : { entries: [] };
    sendHtml(
      response,
      200,
      requestsPage(context, { enabled: this.requestLog.enabled, keys, filter, ...found }),
    );
  }
}
