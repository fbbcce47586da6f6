import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject, Logger } from '@nestjs/common';
import { QuarryError } from '@quarry/core';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { sendHtml, redirect } from './respond';
import { SignInRequired } from './session.guard';
import { errorPage } from './views/error.view';

/** Every error of a dashboard route becomes a page: sign-in for no session, 403, 404, 429, 500. */
@Catch()
export class DashboardErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('Dashboard');

  constructor(@Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings) {}

  catch(error: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<DashboardRequest>();
    const response = host.switchToHttp().getResponse<DashboardResponse>();
    if (error instanceof SignInRequired) return redirect(response, `${this.settings.basePath}/sign-in`);
    const status =
      error instanceof HttpException ? error.getStatus() : error instanceof QuarryError ? error.status : 500;
    if (status >= 500) this.logger.error(error);
    const message = status >= 500 ? 'Something went wrong on our side.' : (error as Error).message;
    sendHtml(
      response,
      status,
      errorPage(this.settings.basePath, status, message, !!request.dashboardSession),
    );
  }
}
