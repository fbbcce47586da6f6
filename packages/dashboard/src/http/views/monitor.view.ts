import type { Monitor, MonitorCheck, MonitorEvent } from '@quarry/monitor';
import { html } from '../html';
import { unifiedDiff } from './diff.view';
import { csrfField, formatDate, page, type PageContext } from './layout';

/** One monitor: its actions, its change events as diffs, and its recent checks. */
export function monitorPage(
  context: PageContext,
  model: {
    monitor: Monitor;
    /** A page of checks, newest first: whether older ones follow, and whether newer ones precede. */
    checks: { shown: MonitorCheck[]; more: boolean; paged: boolean };
    events: MonitorEvent[];
    notice?: string;
    /** The webhook signing secret, right after creation or when the holder asked to see it. */
    webhookSecret?: string;
  },
) {
  const { monitor, checks } = model;
  const webhook = monitor.channels.find((channel) => channel.type === 'webhook');
  const action = (path: string, label: string, kind = 'secondary') =>
    html`<form class="inline" method="post" action="${context.basePath}/monitors/${monitor.id}/${path}">
      ${csrfField(context)}<button type="submit" class="${kind}">${label}</button>
    </form>`;
  return page(
    context,
    monitor.name ?? 'Monitor',
    html`${model.notice ? html`<p class="notice" role="status">${model.notice}</p>` : ''}
      <p><a href="${monitor.url}" rel="noopener noreferrer">${monitor.url}</a></p>
      <p>
        ${monitor.status === 'active' ? 'Active' : 'Paused'}, checked every ${monitor.intervalMinutes}
        minutes. Last check ${formatDate(monitor.lastCheckedAt)}.
      </p>
      <p>${watching(monitor)}</p>
      <div class="actions">
        ${monitor.status === 'active' ? [action('run', 'Run now', ''), action('pause', 'Pause')] : action('resume', 'Resume')}
        <a href="${context.basePath}/monitors/${monitor.id}/edit">Edit settings</a>
        ${action('delete', 'Delete', 'danger')}
      </div>
      ${
        webhook
          ? html`<h2 id="webhook">Webhook</h2>
              <p>
                Changes are posted to <span class="secret">${webhook.destination}</span>, signed with this
                monitor’s own secret (Standard Webhooks).
              </p>
              ${
                model.webhookSecret
                  ? html`<p>
                      <label for="monitor-secret-value">Signing secret</label
                      ><input
                        id="monitor-secret-value"
                        data-copy="Copy secret"
                        type="text"
                        class="secret"
                        readonly
                        autofocus
                        value="${model.webhookSecret}"
                      />
                    </p>`
                  : ''
              }
              <div class="actions">
                ${action('webhook-secret/reveal', 'Reveal secret')}
                ${action('webhook-secret/rotate', 'Rotate secret', 'danger')}
              </div>`
          : ''
      }
      <h2>Changes</h2>
      ${
        model.events.length
          ? model.events.map(
              (event) =>
                html`<section aria-label="Change detected ${event.detectedAt.toISOString()}">
                  <h3>${formatDate(event.detectedAt)}</h3>
                  ${unifiedDiff(event)}
                </section>`,
            )
          : html`<p>No changes detected yet.</p>`
      }
      <h2 id="checks">Checks</h2>
      <div class="table-wrap">
        <table class="stack">
          <caption class="hint">
            ${checks.paged ? 'Older checks' : 'The most recent checks'}, newest first; each successful check
            keeps the text it compared
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Outcome</th>
              <th scope="col">Details</th>
              <th scope="col">Snapshot</th>
            </tr>
          </thead>
          <tbody>
            ${
              checks.shown.length
                ? checks.shown.map(
                    (check) =>
                      html`<tr>
                        <td data-label="When">${formatDate(check.checkedAt)}</td>
                        <td data-label="Outcome">${check.outcome}</td>
                        <td data-label="Details">
                          ${check.errorMessage ?? (check.scrapeTier ? `${check.scrapeTier} tier, ${check.durationMs} ms` : '')}
                        </td>
                        <td data-label="Snapshot">
                          ${
                            check.outcome === 'error'
                              ? '—'
                              : html`<a
                                  href="${context.basePath}/monitors/${monitor.id}/checks/${check.id}"
                                  aria-label="Snapshot of the check at ${check.checkedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC"
                                  >Snapshot</a
                                >`
                          }
                        </td>
                      </tr>`,
                  )
                : html`<tr>
                    <td colspan="4">No checks ${checks.paged ? 'older than these' : 'yet'}.</td>
                  </tr>`
            }
          </tbody>
        </table>
      </div>
      <nav aria-label="Check pages" class="actions">
        ${checks.paged ? html`<a href="${context.basePath}/monitors/${monitor.id}#checks">Newest checks</a>` : ''}
        ${
          checks.more
            ? html`<a
                href="${context.basePath}/monitors/${monitor.id}?checksBefore=${encodeURIComponent(checks.shown[checks.shown.length - 1].checkedAt.toISOString())}#checks"
                rel="next"
                >Older checks</a
              >`
            : ''
        }
      </nav>`,
  );
}

/** What the monitor compares and when it notifies, in a sentence. */
function watching(monitor: Monitor) {
  const scope =
    monitor.scope === 'page'
      ? 'all visible text of the page'
      : monitor.scope === 'selector'
        ? html`the text of <code>${monitor.selector}</code>`
        : 'the main content of the page';
  const ignore = monitor.ignore.length
    ? html`, leaving out lines matching
      ${monitor.ignore.map((p, i) => html`${i ? ', ' : ''}<code>${p}</code>`)}`
    : '';
  const trigger = monitor.trigger
    ? html`; notifies only when the new text contains “${monitor.trigger}”`
    : '';
  return html`Compares ${scope}${ignore}${trigger}.`;
}
