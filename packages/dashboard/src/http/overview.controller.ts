import { Controller, Get, Inject, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Clock } from '@quarry/core';
import { InjectQuarryDataSource } from '@quarry/persistence';
import { AccountsService, CreditLedger, ledgerHistory } from '@quarry/accounts';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { overviewPage } from './views/overview.view';

const DAY_MS = 24 * 60 * 60 * 1000;
const USAGE_DAYS = 30;
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
    const since = new Date(this.clock.now().getTime() - (USAGE_DAYS - 1) * DAY_MS);
    const [usage, daily] = await Promise.all([
      this.ledger.usageSince(accountId, since),
      this.ledger.dailyUsageSince(accountId, since),
    ]);
    const days = Array.from({ length: USAGE_DAYS }, (_, i) =>
      new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10),
    );
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
        daily: { days, usage: daily },
        ledger: { ...history, page },
      }),
    );
  }
}
