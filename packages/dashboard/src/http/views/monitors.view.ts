import type { Monitor } from '@quarry/monitor';
import { html } from '../html';
import { NEW_MONITOR_FORM, type FormErrors, type MonitorForm } from '../monitor-form';
import { csrfField, formatDate, page, type PageContext } from './layout';
import { monitorFields, monitorFormSummary } from './monitor-fields.view';

/** The account's monitors and the form that creates one; `error` re-shows what was typed, with why it was refused. */
export function monitorsPage(
  context: PageContext,
  monitors: Monitor[],
  error?: { errors: FormErrors; form: MonitorForm },
) {
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
      ${error ? monitorFormSummary(error.errors) : ''}
      <form method="post" action="${context.basePath}/monitors" aria-labelledby="new-monitor">
        ${csrfField(context)}
        ${monitorFields(error?.form ?? NEW_MONITOR_FORM, error?.errors.fields ?? {}, { url: true })}
        <button type="submit">Create monitor</button>
      </form>`,
  );
}
