import type { DailyKeyUsage, Usage } from '@quarry/accounts';
import type { DashboardKey } from '../../domain/dashboard-keys.service';
import { html } from '../html';
import { keyNameOf } from './key-names';

/**
 * The 30 days' charges and credits per API key, each key linking to its own charts, and what was
 * charged without a key (monitor checks, work started from code).
 */
export function keyUsageTable(basePath: string, keys: DashboardKey[], byKey: DailyKeyUsage[], usage: Usage) {
  const totals = new Map<string, { count: number; credits: number }>();
  for (const day of byKey) {
    const total = totals.get(day.apiKeyId) ?? { count: 0, credits: 0 };
    total.count += day.count;
    total.credits += day.credits;
    totals.set(day.apiKeyId, total);
  }
  const all = Object.values(usage).reduce(
    (sum, u) => ({ count: sum.count + u.count, credits: sum.credits + u.credits }),
    { count: 0, credits: 0 },
  );
  const keyed = [...totals.values()].reduce(
    (sum, u) => ({ count: sum.count + u.count, credits: sum.credits + u.credits }),
    { count: 0, credits: 0 },
  );
  const rows = [...totals.entries()].sort(([, a], [, b]) => b.credits - a.credits);
  return html`<div class="table-wrap">
    <table class="stack key-usage">
      <caption>
        Usage per API key in the last 30 days
      </caption>
      <thead>
        <tr>
          <th scope="col">API key</th>
          <th scope="col">Requests</th>
          <th scope="col">Credits</th>
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          ([keyId, total]) =>
            html`<tr>
              <td data-label="API key">
                <a href="${basePath}/?key=${encodeURIComponent(keyId)}#usage">${keyNameOf(keys, keyId)}</a>
              </td>
              <td data-label="Requests">${total.count}</td>
              <td data-label="Credits">${total.credits}</td>
            </tr>`,
        )}
        ${
          all.count > keyed.count
            ? html`<tr>
                <td data-label="API key">Without a key</td>
                <td data-label="Requests">${all.count - keyed.count}</td>
                <td data-label="Credits">${all.credits - keyed.credits}</td>
              </tr>`
            : ''
        }
      </tbody>
    </table>
  </div>`;
}
