import type { DailyKeyUsage, DailyUsage, LedgerEntry, Usage } from '@quarry/accounts';
import type { DashboardKey } from '../../domain/dashboard-keys.service';
import { html } from '../html';
import { credits, formatDate, page, type PageContext } from './layout';
import { operationName } from './operation-names';
import { dailyUsageChart } from './daily-usage-chart';
import { keyName, keySelect } from './key-names';
import { keyUsageTable } from './key-usage-table';
import { usageChart } from './usage-chart';

export interface OverviewModel {
  email: string;
  balance: number;
  usage: Usage;
  /** The UTC days of the chart, oldest first, and what was spent on them. */
  daily: { days: string[]; usage: DailyUsage[] };
  /** The account's keys, the one the charts show (all when absent), and each key's usage per day. */
  keys: { all: DashboardKey[]; selected?: string; usage: DailyKeyUsage[]; accountUsage: Usage };
  ledger: { entries: LedgerEntry[]; page: number; more: boolean };
}

/** Balance, the last 30 days of usage by operation (of all keys or one), and the ledger a page at a time. */
export function overviewPage(context: PageContext, model: OverviewModel) {
  const { ledger, keys } = model;
  const selected = keys.all.find((key) => key.id === keys.selected);
  const pageLink = (n: number, label: string, rel: string) =>
    html`<a href="${context.basePath}/?page=${n}#ledger" rel="${rel}">${label}</a>`;
  return page(
    context,
    'Credits and usage',
    html`<p>Signed in as <strong>${model.email}</strong>.</p>
      <h2>Balance</h2>
      <p class="balance">${credits(model.balance)}</p>
      <h2 id="usage">Last 30 days${selected ? html`: ${keyName(selected)}` : ''}</h2>
      <form method="get" action="${context.basePath}/#usage" class="actions filters">
        ${keySelect('usage-key', keys.all, keys.selected)}
        <button type="submit" class="secondary">Show usage</button>
      </form>
      ${usageChart(model.usage)}
      ${
        model.daily.usage.length
          ? html`<h3>Per day</h3>
              ${dailyUsageChart(model.daily.days, model.daily.usage)}`
          : ''
      }
      ${
        keys.usage.length
          ? html`<h3>Per API key</h3>
              ${keyUsageTable(context.basePath, keys.all, keys.usage, keys.accountUsage)}`
          : ''
      }
      <h2 id="ledger">Ledger</h2>
      <div class="table-wrap">
        <table class="stack">
          <caption>
            Every movement of credits, newest first (page ${ledger.page})
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Operation</th>
              <th scope="col">Credits</th>
              <th scope="col">Reference</th>
            </tr>
          </thead>
          <tbody>
            ${
              ledger.entries.length
                ? ledger.entries.map(
                    (entry) =>
                      html`<tr>
                        <td data-label="When">${formatDate(entry.createdAt)}</td>
                        <td data-label="Operation">${operationName(entry.operation)}</td>
                        <td data-label="Credits">
                          ${entry.amount > 0 ? `+${entry.amount}` : `−${-entry.amount}`}
                        </td>
                        <td data-label="Reference" class="secret">${entry.referenceId}</td>
                      </tr>`,
                  )
                : html`<tr>
                    <td colspan="4">No entries on this page.</td>
                  </tr>`
            }
          </tbody>
        </table>
      </div>
      <nav aria-label="Ledger pages" class="actions">
        ${ledger.page > 1 ? pageLink(ledger.page - 1, 'Newer entries', 'prev') : ''}${ledger.more ? pageLink(ledger.page + 1, 'Older entries', 'next') : ''}
      </nav>`,
  );
}
