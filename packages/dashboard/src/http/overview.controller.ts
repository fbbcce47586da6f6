import { Controller, Get, Inject, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Clock } from '@quarry/core';
import { AccountsService, CreditLedger } from '@quarry/accounts';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { overviewPage } from './views/overview.view';

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** The dashboard's home: credits and usage. */
@ApiExcludeController()
@Controller()
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class OverviewController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly accounts: AccountsService,
    private readonly ledger: CreditLedger,
    private readonly clock: Clock,
  ) {}

  @Get()
  async overview(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const { accountId, csrfToken } = request.dashboardSession!;
    const account = await this.accounts.get(accountId);
    const since = new Date(this.clock.now().getTime() - THIRTY_DAYS_MS);
    const usage = await this.ledger.usageSince(accountId, since);
    const context = { basePath: this.settings.basePath, csrfToken, current: 'overview' as const };
    sendHtml(response, 200, overviewPage(context, { email: account.email, balance: account.credits, usage }));
  }
}
