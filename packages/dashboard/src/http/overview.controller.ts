import { Controller, Get, Inject, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Clock, InjectQuarryDataSource } from '@quarry/core';
import { AccountsService, CreditLedger, ledgerHistory } from '@quarry/accounts';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { overviewPage } from './views/overview.view';

const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
const LEDGER_PAGE = 25;

/** The dashboard's home: balance, usage and the ledger. */
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
    @InjectQuarryDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  async overview(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Query('page') pageParam?: string,
  ): Promise<void> {
    const { accountId, csrfToken } = request.dashboardSession!;
    const account = await this.accounts.get(accountId);
    const since = new Date(this.clock.now().getTime() - THIRTY_DAYS_MS);
    const usage = await this.ledger.usageSince(accountId, since);
    const page = Math.max(1, Math.min(10_000, Number.parseInt(pageParam ?? '1', 10) || 1));
    const history = await ledgerHistory(this.dataSource, accountId, {
      limit: LEDGER_PAGE,
      offset: (page - 1) * LEDGER_PAGE,
    });
    const context = { basePath: this.settings.basePath, csrfToken, current: 'overview' as const };
    sendHtml(
      response,
      200,
      overviewPage(context, {
        email: account.email,
        balance: account.credits,
        usage,
        ledger: { ...history, page },
      }),
    );
  }
}
