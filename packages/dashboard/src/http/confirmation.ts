import type { DashboardRequest, DashboardResponse } from './http-types';
import { sendHtml } from './respond';
import { type Confirmation, confirmPage } from './views/confirm.view';
import type { PageContext } from './views/layout';

/**
 * True when the post comes from the confirm step (`confirm=yes`); otherwise answers with the
 * confirm step's page and false, and the action must not run.
 */
export function confirmed(
  request: DashboardRequest,
  response: DashboardResponse,
  context: PageContext,
  confirmation: Confirmation,
): boolean {
  if (request.body?.confirm === 'yes') return true;
  sendHtml(response, 200, confirmPage(context, confirmation));
  return false;
}
