import type { Monitor } from '@quarry/monitor';
import { html } from '../html';
import { csrfField, formatDate, page, type PageContext } from './layout';

export interface MonitorForm {
  url: string;
  intervalMinutes: string;
  email: boolean;
  webhookUrl: string;
}

/** The account's monitors and the form that creates one; `error` re-shows what was typed. */
export function monitorsPage(
  context: PageContext,
  monitors: Monitor[],
  error?: { message: string; form: MonitorForm },
) {
  const form = error?.form ?? { url: '', intervalMinutes: '60', email: true, webhookUrl: '' };
  return page(
    context,
    'Monitors',
    html`<div class="table-wrap">
        <table class="stack">
          <caption>
            Your monitors
          </caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Status</th>
              <th scope="col">Every</th>
              <th scope="col">Last check</th>
              <th scope="col">Last change</th>
            </tr>
          </thead>
          <tbody>
            ${
              monitors.length
                ? monitors.map(
                    (m) =>
                      html`<tr>
                        <td data-label="Page"><a href="${context.basePath}/monitors/${m.id}">${m.url}</a></td>
                        <td data-label="Status">
                          ${m.status === 'active' ? 'Active' : 'Paused'}${m.consecutiveFailures ? html` (${m.consecutiveFailures} failed checks)` : ''}
                        </td>
                        <td data-label="Every">${m.intervalMinutes} min</td>
                        <td data-label="Last check">${formatDate(m.lastCheckedAt)}</td>
                        <td data-label="Last change">${formatDate(m.lastChangedAt)}</td>
                      </tr>`,
                  )
                : html`<tr>
                    <td colspan="5">No monitors yet.</td>
                  </tr>`
            }
          </tbody>
        </table>
      </div>
      <h2 id="new-monitor">New monitor</h2>
      ${error ? html`<p class="notice error" role="alert">${error.message}</p>` : ''}
      <form method="post" action="${context.basePath}/monitors" aria-labelledby="new-monitor">
        ${csrfField(context)}
        <div class="field">
          <label for="monitor-url">Page URL</label
          ><input id="monitor-url" name="url" type="url" required value="${form.url}" />
        </div>
        <div class="field">
          <label for="monitor-interval">Check every (minutes)</label
          ><input
            id="monitor-interval"
            name="intervalMinutes"
            type="number"
            min="1"
            required
            value="${form.intervalMinutes}"
          />
        </div>
        <div class="field">
          <input
            id="monitor-email"
            name="email"
            type="checkbox"
            value="on"
            ${form.email ? html` checked` : ''}
          />
          <label for="monitor-email" class="inline">Email me when it changes</label>
        </div>
        <div class="field">
          <label for="monitor-webhook">Webhook URL (optional)</label
          ><input id="monitor-webhook" name="webhookUrl" type="url" value="${form.webhookUrl}" />
        </div>
        <button type="submit">Create monitor</button>
      </form>`,
  );
}
