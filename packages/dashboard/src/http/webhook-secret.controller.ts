import { Controller, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { WebhookSecretsService } from '@quarry/accounts';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { KeysPageRenderer } from './keys-page.renderer';
import { SessionGuard } from './session.guard';

/** Reveal and rotate the webhook signing secret; posts, so a secret never sits in a URL or a GET cache. */
@ApiExcludeController()
@Controller('webhook-secret')
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class WebhookSecretController {
  constructor(
    private readonly keysPage: KeysPageRenderer,
    private readonly secrets: WebhookSecretsService,
  ) {}

  @Post('reveal')
  async reveal(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const secret = await this.secrets.get(request.dashboardSession!.accountId);
    await this.keysPage.render(request, response, { secret });
  }

  @Post('rotate')
  async rotate(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const secret = await this.secrets.rotate(request.dashboardSession!.accountId);
    await this.keysPage.render(request, response, { secret });
  }
}
