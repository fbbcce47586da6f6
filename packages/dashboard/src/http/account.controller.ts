import { Controller, Get, Inject, Post, Query, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InvalidRequestError } from '@quarry/core';
import { AccountsService } from '@quarry/accounts';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardCredentials } from '../domain/dashboard-credentials.service';
import { DashboardSessions } from '../domain/dashboard-sessions.service';
import { SignInLimiter } from '../domain/sign-in-limiter';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { redirect, sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { waitMessage } from './sign-in-wait';
import { accountPage, type PasswordField } from './views/account.view';
import type { PageContext } from './views/layout';

const MESSAGES: Record<PasswordField, (detail: string) => string> = {
  currentPassword: () => 'Enter the password you signed in with.',
  newPassword: (detail) => `Choose a longer new password: it ${detail}.`,
};

/**
 * The signed-in account's page: its email and the password change, which signs other browsers out.
 * A wrong current password counts as a failed sign-in of the account (`SignInLimiter`), so the
 * form is no faster way to guess the password than the sign-in page.
 */
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
    private readonly limiter: SignInLimiter,
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
    const { email } = await this.accounts.get(accountId);
    const account = SignInLimiter.accountKey(email);
    const refuse = (status: number, summary: string, fields: Partial<Record<PasswordField, string>>) =>
      sendHtml(response, status, accountPage(this.context(request), { email, errors: { summary, fields } }));
    const waitMs = this.limiter.waitMs(account, this.settings.signInFreeFailures);
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      response.setHeader('retry-after', String(seconds));
      const message = `Too many wrong passwords; try again in ${waitMessage(seconds)}.`;
      return refuse(429, message, { currentPassword: message });
    }
    try {
      await this.credentials.changePassword(accountId, body.currentPassword ?? '', body.newPassword ?? '');
    } catch (error) {
      if (!(error instanceof InvalidRequestError)) throw error;
      const details = (error.extra.details ?? {}) as Partial<Record<PasswordField, string>>;
      if (details.currentPassword) this.limiter.fail(account);
      const fields: Partial<Record<PasswordField, string>> = {};
      for (const field of Object.keys(MESSAGES) as PasswordField[])
        if (details[field]) fields[field] = MESSAGES[field](details[field]);
      return refuse(400, error.message, fields);
    }
    this.limiter.forget(account);
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
