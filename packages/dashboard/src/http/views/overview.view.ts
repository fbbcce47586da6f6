import type { Usage } from '@quarry/accounts';
import { html } from '../html';
import { page, type PageContext } from './layout';
import { usageChart } from './usage-chart';

/** Balance and the last 30 days of usage by operation. */
export function overviewPage(context: PageContext, model: { email: string; balance: number; usage: Usage }) {
  return page(
    context,
    'Credits and usage',
    html`<p>Signed in as <strong>${model.email}</strong>.</p>
      <h2>Balance</h2>
      <p class="balance">${model.balance} credits</p>
      <h2>Last 30 days</h2>
      ${usageChart(model.usage)}`,
  );
}
