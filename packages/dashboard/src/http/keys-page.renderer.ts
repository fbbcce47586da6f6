import { Inject, Injectable } from '@nestjs/common';
import { DASHBOARD_SETTINGS, DashboardSettings } from '../dashboard-options.interface';
import { DashboardKeys } from '../domain/dashboard-keys.service';
import type { DashboardRequest, DashboardResponse } from './http-types';
import { sendHtml } from './respond';
import { keysPage, type KeysPageModel } from './views/keys.view';

/** The keys page, answered by the key and webhook-secret routes alike. */
@Injectable()
export class KeysPageRenderer {
  constructor(
    @Inject(DASHBOARD_SETTINGS) private readonly settings: DashboardSettings,
    private readonly keys: DashboardKeys,
  ) {}

  async render(
    request: DashboardRequest,
    response: DashboardResponse,
    model: Omit<KeysPageModel, 'keys'>,
  ): Promise<void> {
    const session = request.dashboardSession!;
    const context = {
      basePath: this.settings.basePath,
      csrfToken: session.csrfToken,
      current: 'keys' as const,
    };
    sendHtml(response, 200, keysPage(context, { ...model, keys: await this.keys.list(session.accountId) }));
  }
}
