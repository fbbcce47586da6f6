import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES, type Monitor } from '@quarry/monitor';
import { html } from '../html';
import type { FormErrors, MonitorForm } from '../monitor-form';
import { errorSummary, fieldError, invalidAttributes } from './form-errors.view';
import { csrfField, formatDate, page, type PageContext } from './layout';

const INPUT_IDS: Record<keyof MonitorForm, string> = {
  url: 'monitor-url',
  intervalMinutes: 'monitor-interval',
  email: 'monitor-email',
  webhookUrl: 'monitor-webhook',
};

/** The account's monitors and the form that creates one; `error` re-shows what was typed, with why it was refused. */
export function monitorsPage(
  context: PageContext,
  monitors: Monitor[],
  error?: { errors: FormErrors; form: MonitorForm },
) {
  const form = error?.form ?? { url: '', intervalMinutes: '60', email: true, webhookUrl: '' };
  const fields = error?.errors.fields ?? {};
  const invalid = (name: keyof MonitorForm) => invalidAttributes(INPUT_IDS[name], fields[name]);
  const message = (name: keyof MonitorForm) => fieldError(INPUT_IDS[name], fields[name]);
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
                        <td data-label="Page">
                          <a href="${context.basePath}/monitors/${m.id}">${m.name ?? m.url}</a>
                          ${m.name ? html`<br /><span class="hint">${m.url}</span>` : ''}
                        </td>
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
      ${
        error
          ? errorSummary(
              error.errors.summary,
              (Object.keys(fields) as (keyof MonitorForm)[]).map((name) => [INPUT_IDS[name], fields[name]!]),
            )
          : ''
      }
      <form method="post" action="${context.basePath}/monitors" aria-labelledby="new-monitor">
        ${csrfField(context)}
        <div class="field">
          <label for="monitor-url">Page URL</label>${message('url')}<input
            id="monitor-url"
            name="url"
            type="url"
            required
            value="${form.url}"
            ${invalid('url')}
          />
        </div>
        <div class="field">
          <label for="monitor-interval">Check every (minutes)</label>${message('intervalMinutes')}<input
            id="monitor-interval"
            name="intervalMinutes"
            type="number"
            min="${MIN_INTERVAL_MINUTES}"
            max="${MAX_INTERVAL_MINUTES}"
            step="1"
            required
            value="${form.intervalMinutes}"
            aria-describedby="monitor-interval-hint${fields.intervalMinutes ? ' monitor-interval-error' : ''}"
            ${fields.intervalMinutes ? html` aria-invalid="true"` : ''}
          />
          <p id="monitor-interval-hint" class="hint">
            From ${MIN_INTERVAL_MINUTES} minutes to ${MAX_INTERVAL_MINUTES} (one week).
          </p>
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
          <label for="monitor-webhook">Webhook URL (optional)</label>${message('webhookUrl')}<input
            id="monitor-webhook"
            name="webhookUrl"
            type="url"
            value="${form.webhookUrl}"
            ${invalid('webhookUrl')}
          />
        </div>
        <button type="submit">Create monitor</button>
      </form>`,
  );
}
