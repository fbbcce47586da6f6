import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { DashboardSessions } from '../domain/dashboard-sessions.service';
import { assertCsrf } from './csrf';
import { readCookie, SESSION_COOKIE } from './cookies';
import type { DashboardRequest } from './http-types';

/** Thrown for a page that needs a session when there is none; the error filter redirects to sign-in. */
export class SignInRequired extends Error {}

/** Finds the session of the cookie, and checks the CSRF token of every post. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: DashboardSessions) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<DashboardRequest>();
    const token = readCookie(request, SESSION_COOKIE);
    const session = token ? await this.sessions.find(token) : undefined;
    if (!token || !session) throw new SignInRequired();
    if (request.method !== 'GET' && request.method !== 'HEAD')
      assertCsrf(request.body?._csrf, session.csrfToken);
    request.dashboardSession = { ...session, token };
    return true;
  }
}
