import { Controller, Get, Inject, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardFlash } from '../domain/dashboard-flash.service';
import { DashboardKeys } from '../domain/dashboard-keys.service';
import { confirmed } from './confirmation';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { redirect, sendHtml } from './respond';
import { SessionGuard } from './session.guard';
import { requestOrigin } from './request-origin';
import { keyLabel, keysPage } from './views/keys.view';
import type { PageContext } from './views/layout';

/**
 * The keys page. Creating a key answers with a redirect (a reload creates nothing); the new key
 * rides along as the session's flash and is shown once on the page after it.
 */
@ApiExcludeController()
@Controller('keys')
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class KeysController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly keys: DashboardKeys,
    private readonly flash: DashboardFlash,
  ) {}

  @Get()
  async list(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const session = request.dashboardSession!;
    const flash = await this.flash.take(session.token, 'keys');
    sendHtml(
      response,
      200,
      keysPage(this.context(request), {
        keys: await this.keys.list(session.accountId),
        created:
          flash && 'newKey' in flash
            ? { ...flash.newKey, origin: requestOrigin(request, this.settings.secureCookies) }
            : undefined,
        secret: flash && 'accountSecret' in flash ? flash.accountSecret : undefined,
      }),
    );
  }

  @Post()
  async create(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const session = request.dashboardSession!;
    const name = (request.body?.name ?? '').trim().slice(0, 100) || 'Unnamed key';
    const { apiKey } = await this.keys.create(session.accountId, name);
    await this.flash.put(session.token, { page: 'keys', newKey: { apiKey, name } });
    redirect(response, `${this.settings.basePath}/keys`);
  }

  @Post(':keyId/revoke')
  async revoke(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('keyId') keyId: string,
  ): Promise<void> {
    const { accountId } = request.dashboardSession!;
    const key = await this.keys.active(accountId, keyId);
    const keys = `${this.settings.basePath}/keys`;
    const question = {
      title: 'Revoke key',
      question: `Revoke the key “${key.name ?? keyLabel(key)}” (${keyLabel(key)})? Requests made with it are refused from then on; this cannot be undone.`,
      action: `${keys}/${keyId}/revoke`,
      button: 'Revoke key',
      back: keys,
    };
    if (!confirmed(request, response, this.context(request), question)) return;
    await this.keys.revoke(accountId, keyId);
    redirect(response, keys);
  }

  private context(request: DashboardRequest): PageContext {
    return {
      basePath: this.settings.basePath,
      csrfToken: request.dashboardSession!.csrfToken,
      current: 'keys',
    };
  }
}
