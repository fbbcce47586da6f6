import { Controller, Inject, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type WebhookSecretView, WebhookSecretsService } from '@quarry/accounts';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardFlash } from '../domain/dashboard-flash.service';
import { confirmed } from './confirmation';
import { DashboardErrorFilter } from './dashboard-error.filter';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { redirect } from './respond';
import { SessionGuard } from './session.guard';

/**
 * Reveal and rotate the account's webhook signing secret; posts, so a secret never sits in a URL or
 * a GET cache. Both redirect to the keys page, which shows the secret once (a reload rotates nothing).
 */
@ApiExcludeController()
@Controller('webhook-secret')
@UseFilters(DashboardErrorFilter)
@UseGuards(SessionGuard)
export class WebhookSecretController {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly secrets: WebhookSecretsService,
    private readonly flash: DashboardFlash,
  ) {}

  @Post('reveal')
  async reveal(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const { accountId, token } = request.dashboardSession!;
    await this.show(response, token, await this.secrets.get(accountId));
  }

  @Post('rotate')
  async rotate(@Req() request: DashboardRequest, @Res() response: DashboardResponse): Promise<void> {
    const { accountId, token, csrfToken } = request.dashboardSession!;
    const { basePath } = this.settings;
    const context = { basePath, csrfToken, current: 'keys' as const };
    const question = {
      title: 'Rotate the webhook secret',
      question:
        'Rotate the account’s webhook signing secret? Callbacks are signed with the new secret from now on; the previous one keeps signing for a while, so update your receivers soon.',
      action: `${basePath}/webhook-secret/rotate`,
      button: 'Rotate secret',
      back: `${basePath}/keys#webhook`,
    };
    if (!confirmed(request, response, context, question)) return;
    await this.show(response, token, await this.secrets.rotate(accountId));
  }

  private async show(
    response: DashboardResponse,
    token: string,
    accountSecret: WebhookSecretView,
  ): Promise<void> {
    await this.flash.put(token, { page: 'keys', accountSecret });
    redirect(response, `${this.settings.basePath}/keys#webhook`);
  }
}
