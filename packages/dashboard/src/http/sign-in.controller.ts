import { Controller, Get, Inject, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CONTROL_CHARACTERS } from '@quarry/core';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardCredentials } from '../domain/dashboard-credentials.service';
import { DashboardSessions } from '../domain/dashboard-sessions.service';
import { type FailureKey, SignInLimiter } from '../domain/sign-in-limiter';
import { clientAddress } from './client-address';
import { BROWSER_COOKIE, cookieHeader, preSessionCookie, readCookie, SESSION_COOKIE } from './cookies';
import { assertCsrf } from './csrf';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { redirect, sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { isRandomValue, randomValue, SignInTokens } from './sign-in-tokens';
import { waitMessage } from './sign-in-wait';
import { signInPage } from './views/sign-in.view';

const PRE_SESSION_SECONDS = 3600;
/** How long a browser is remembered after it signed in: a year. */
const BROWSER_SECONDS = 365 * 24 * 60 * 60;

/**
 * Sign-in with email and password, and sign-out. The form's token is the HMAC of a pre-session
 * cookie. Failed attempts slow down their account and their address (`SignInLimiter`); a browser
 * that signed in to the account before, shown by its signed cookie, is not slowed by them.
 */
@ApiExcludeController()
@Controller()
@UseFilters(DashboardErrorFilter)
export class SignInController {
  private readonly preSessionCookie: string;

  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly credentials: DashboardCredentials,
    private readonly sessions: DashboardSessions,
    private readonly limiter: SignInLimiter,
    private readonly tokens: SignInTokens,
  ) {
    this.preSessionCookie = preSessionCookie(settings.secureCookies);
  }

  @Get('sign-in')
  form(@Req() request: DashboardRequest, @Res() response: DashboardResponse): void {
    const current = readCookie(request, this.preSessionCookie);
    const preSession = isRandomValue(current) ? current : randomValue();
    response.setHeader('set-cookie', this.preSessionCookieHeader(preSession, PRE_SESSION_SECONDS));
    sendHtml(response, 200, signInPage(this.settings.basePath, this.tokens.formToken(preSession)));
  }

  @Post('sign-in')
  async signIn(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const { email = '', password = '', _csrf = '' } = request.body ?? {};
    const preSession = readCookie(request, this.preSessionCookie);
    assertCsrf(_csrf, isRandomValue(preSession) ? this.tokens.formToken(preSession) : undefined);
    const formAgain = (status: number, message: string, shownEmail = email) =>
      sendHtml(response, status, signInPage(this.settings.basePath, _csrf, { message, email: shownEmail }));
    if (CONTROL_CHARACTERS.test(email))
      return formAgain(400, 'The email must not contain control characters.', '');

    const browserId = this.tokens.browserOf(readCookie(request, BROWSER_COOKIE), email);
    const browser: FailureKey | undefined = browserId ? `browser:${browserId}` : undefined;
    // A remembered browser keeps its exemption while its own failures stay under the account's limit.
    const remembered =
      browser && this.limiter.isUnder(browser, this.settings.signInFreeFailures) ? browser : undefined;
    const address: FailureKey = `address:${clientAddress(request, this.settings.trustProxy)}`;
    const account = SignInLimiter.accountKey(email);
    if (!remembered) {
      // The address first: a client over its limit records nothing more, whatever emails it tries.
      const waitMs =
        this.limiter.waitMs(address, this.settings.signInFreeFailuresPerAddress) ||
        this.limiter.waitMs(account, this.settings.signInFreeFailures);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        response.setHeader('retry-after', String(seconds));
        return formAgain(
          429,
          `Too many failed sign-ins; try again in ${waitMessage(seconds)}. A browser that signed in to this account before is not held up.`,
        );
      }
    }

    const accountId = await this.credentials.verify(email, password);
    if (!accountId) {
      this.limiter.fail(address, remembered ?? account);
      return formAgain(401, 'That email and password do not match.');
    }
    this.limiter.forget(account, ...(browser ? [browser] : []));
    const { token } = await this.sessions.start(accountId);
    redirect(response, `${this.settings.basePath}/`, [
      this.cookie(SESSION_COOKIE, token, Math.floor(this.settings.sessionTtlMs / 1000)),
      this.cookie(BROWSER_COOKIE, this.tokens.browserCookie(email), BROWSER_SECONDS),
      this.preSessionCookieHeader('', 0),
    ]);
  }

  @Post('sign-out')
  @UseGuards(SessionGuard)
  async signOut(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    await this.sessions.revoke(request.dashboardSession!.token);
    redirect(response, `${this.settings.basePath}/sign-in`, [this.cookie(SESSION_COOKIE, '', 0)]);
  }

  /** `__Host-` cookies must have `Path=/`. */
  private preSessionCookieHeader(value: string, maxAgeSeconds: number): string {
    return cookieHeader(this.preSessionCookie, value, {
      path: this.settings.secureCookies ? '/' : this.settings.basePath,
      maxAgeSeconds,
      secure: this.settings.secureCookies,
    });
  }

  private cookie(name: string, value: string, maxAgeSeconds: number): string {
    return cookieHeader(name, value, {
      path: this.settings.basePath,
      maxAgeSeconds,
      secure: this.settings.secureCookies,
    });
  }
}
