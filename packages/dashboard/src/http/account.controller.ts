import { Controller, Get, Inject, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InvalidRequestError } from '@quarry/core';
import { AccountsService } from '@quarry/accounts';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardCredentials } from '../domain/dashboard-credentials.service';
import { DashboardSessions } from '../domain/dashboard-sessions.service';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { redirect, sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { accountPage, type PasswordField } from './views/account.view';
import type { PageContext } from './views/layout';

const MESSAGES: Record<PasswordField, (detail: string) => string> = {
  currentPassword: () => 'Enter the password you signed in with.',
  newPassword: (detail) => `Choose a longer new password: it ${detail}.`,
};

/** The signed-in account's page: its email and the password change, which signs other browsers out. */
@ApiExcludeController()
@Controller('account')
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class AccountController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly accounts: AccountsService,
    private readonly credentials: DashboardCredentials,
    private readonly sessions: DashboardSessions,
  ) {}

  @Get()
  async show(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Query('notice') notice?: string,
  ): Promise<void> {
    const { email } = await this.accounts.get(request.dashboardSession!.accountId);
    const changed = notice === 'password-changed';
    sendHtml(
      response,
      200,
      accountPage(this.context(request), {
        email,
        notice: changed ? 'Your password is changed; other browsers are signed out.' : undefined,
      }),
    );
  }

  @Post('password')
  async changePassword(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const { accountId, token } = request.dashboardSession!;
    const body = request.body ?? {};
    try {
      await this.credentials.changePassword(accountId, body.currentPassword ?? '', body.newPassword ?? '');
    } catch (error) {
      if (!(error instanceof InvalidRequestError)) throw error;
      const details = (error.extra.details ?? {}) as Partial<Record<PasswordField, string>>;
      const fields: Partial<Record<PasswordField, string>> = {};
      for (const field of Object.keys(MESSAGES) as PasswordField[])
        if (details[field]) fields[field] = MESSAGES[field](details[field]);
      const { email } = await this.accounts.get(accountId);
      sendHtml(
        response,
        400,
        accountPage(this.context(request), { email, errors: { summary: error.message, fields } }),
      );
      return;
    }
    await this.sessions.revokeOthers(accountId, token);
    redirect(response, `${this.settings.basePath}/account?notice=password-changed`);
  }

  private context(request: DashboardRequest): PageContext {
    return {
      basePath: this.settings.basePath,
      csrfToken: request.dashboardSession!.csrfToken,
      current: 'account',
    };
  }
}
