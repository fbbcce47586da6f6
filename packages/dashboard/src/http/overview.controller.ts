import { Controller, Get, Inject, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Clock, InvalidRequestError } from '@quarry/core';
import { InjectQuarryDataSource } from '@quarry/persistence';
import { AccountsService, CreditLedger, ledgerHistory, type Usage } from '@quarry/accounts';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardKeys } from '../domain/dashboard-keys.service';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { overviewPage } from './views/overview.view';

const DAY_MS = 24 * 60 * 60 * 1000;
const USAGE_DAYS = 30;
const LEDGER_PAGE = 25;

/** The dashboard's home: balance, usage (all keys, or one: `?key=<id>`) and the ledger. */
@ApiExcludeController()
@Controller()
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class OverviewController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly accounts: AccountsService,
    private readonly ledger: CreditLedger,
    private readonly keys: DashboardKeys,
    private readonly clock: Clock,
    @InjectQuarryDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  async overview(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Query('page') pageParam?: string,
    @Query('key') keyParam?: string,
  ): Promise<void> {
    const { accountId, csrfToken } = request.dashboardSession!;
    const [account, keys] = await Promise.all([this.accounts.get(accountId), this.keys.list(accountId)]);
    const key = keyParam || undefined;
    if (key !== undefined && !keys.some((k) => k.id === key))
      throw new InvalidRequestError('The key asked for is not a key of this account.');
    const since = new Date(this.clock.now().getTime() - (USAGE_DAYS - 1) * DAY_MS);
    const [allUsage, allDaily, byKey] = await Promise.all([
      this.ledger.usageSince(accountId, since),
      this.ledger.dailyUsageSince(accountId, since),
      this.ledger.dailyKeyUsageSince(accountId, since),
    ]);
    const daily = key === undefined ? allDaily : byKey.filter((day) => day.apiKeyId === key);
    const usage = key === undefined ? allUsage : totalsOf(daily);
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
        keys: { all: keys, selected: key, usage: byKey, accountUsage: allUsage },
        ledger: { ...history, page },
      }),
    );
  }
}

function totalsOf(days: { operation: string; count: number; credits: number }[]): Usage {
  const usage: Usage = {};
  for (const day of days) {
    const entry = (usage[day.operation] ??= { count: 0, credits: 0 });
    entry.count += day.count;
    entry.credits += day.credits;
  }
  return usage;
}
