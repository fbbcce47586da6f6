import { randomBytes } from 'node:crypto';
import {
  Controller,
  Get,
  HttpException,
  HttpStatus,
  Inject,
  Post,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CONTROL_CHARACTERS } from '@quarry/core';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardCredentials } from '../domain/dashboard-credentials.service';
import { DashboardSessions } from '../domain/dashboard-sessions.service';
import { SignInLimiter } from '../domain/sign-in-limiter';
import { cookieHeader, readCookie, SESSION_COOKIE, SIGN_IN_CSRF_COOKIE } from './cookies';
import { assertCsrf } from './csrf';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { redirect, sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { signInPage } from './views/sign-in.view';

/** Sign-in with email and password, and sign-out. */
@ApiExcludeController()
@Controller()
@UseFilters(DashboardErrorFilter)
export class SignInController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly credentials: DashboardCredentials,
    private readonly sessions: DashboardSessions,
    private readonly limiter: SignInLimiter,
  ) {}

  @Get('sign-in')
  form(@Res() response: DashboardResponse): void {
    const csrf = randomBytes(32).toString('base64url');
    response.setHeader('set-cookie', this.cookie(SIGN_IN_CSRF_COOKIE, csrf, 3600));
    sendHtml(response, 200, signInPage(this.settings.basePath, csrf));
  }

  @Post('sign-in')
  async signIn(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const { email = '', password = '', _csrf } = request.body ?? {};
    assertCsrf(_csrf, readCookie(request, SIGN_IN_CSRF_COOKIE));
    if (CONTROL_CHARACTERS.test(email))
      return this.formAgain(response, 400, _csrf ?? '', {
        message: 'The email must not contain control characters.',
        email: '',
      });
    if (!this.limiter.attempt(email, request.socket.remoteAddress ?? ''))
      throw new HttpException(
        'Too many sign-in attempts; wait a few minutes and try again.',
        HttpStatus.TOO_MANY_REQUESTS,
      );
    const accountId = await this.credentials.verify(email, password);
    if (!accountId)
      return this.formAgain(response, 401, _csrf ?? '', {
        message: 'That email and password do not match.',
        email,
      });
    const { token } = await this.sessions.start(accountId);
    redirect(response, `${this.settings.basePath}/`, [
      this.cookie(SESSION_COOKIE, token, Math.floor(this.settings.sessionTtlMs / 1000)),
      this.cookie(SIGN_IN_CSRF_COOKIE, '', 0),
    ]);
  }

  @Post('sign-out')
  @UseGuards(SessionGuard)
  async signOut(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    await this.sessions.revoke(request.dashboardSession!.token);
    redirect(response, `${this.settings.basePath}/sign-in`, [this.cookie(SESSION_COOKIE, '', 0)]);
  }

  /** The form again with what was wrong, for the same sign-in token. */
  private formAgain(
    response: DashboardResponse,
    status: number,
    csrf: string,
    error: { message: string; email: string },
  ): void {
    response.setHeader('set-cookie', this.cookie(SIGN_IN_CSRF_COOKIE, csrf, 3600));
    sendHtml(response, status, signInPage(this.settings.basePath, csrf, error));
  }

  private cookie(name: string, value: string, maxAgeSeconds: number): string {
    return cookieHeader(name, value, {
      path: this.settings.basePath,
      maxAgeSeconds,
      secure: this.settings.secureCookies,
    });
  }
}
