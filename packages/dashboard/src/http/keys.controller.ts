import { Controller, Get, Inject, Param, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardKeys } from '../domain/dashboard-keys.service';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { KeysPageRenderer } from './keys-page.renderer';
import { redirect } from './respond';
import { SessionGuard } from './session.guard';

/** The keys page. A new key and a revealed secret are answered with the page itself (200), not a redirect, so they appear once. */
@ApiExcludeController()
@Controller('keys')
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class KeysController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly keys: DashboardKeys,
    private readonly page: KeysPageRenderer,
  ) {}

  @Get()
  async list(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    await this.page.render(request, response, {});
  }

  @Post()
  async create(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const name = (request.body?.name ?? '').trim().slice(0, 100) || 'Unnamed key';
    const { apiKey } = await this.keys.create(request.dashboardSession!.accountId, name);
    await this.page.render(request, response, { created: { apiKey, name } });
  }

  @Post(':keyId/revoke')
  async revoke(
    @Req() request: DashboardRequest,
    @Res() response: DashboardResponse,
    @Param('keyId') keyId: string,
  ): Promise<void> {
    await this.keys.revoke(request.dashboardSession!.accountId, keyId);
    redirect(response, `${this.settings.basePath}/keys`);
  }
}
