import type { RequestLogEntry } from '@quarry/accounts';
import type { DashboardKey } from '../../domain/dashboard-keys.service';
import { html } from '../html';
import { formatDate, page, type PageContext } from './layout';
import { keyNameOf, keySelect } from './key-names';
import { operationName } from './operation-names';

/** The status classes the log can be filtered by, as the `status` query parameter names them. */
export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

const STATUS_NAMES: Record<StatusClass, string> = {
  '2xx': 'Succeeded (2xx)',
  '3xx': 'Redirected (3xx)',
  '4xx': 'Refused (4xx)',
  '5xx': 'Failed (5xx)',
};

export interface RequestsPageModel {
  /** False when the server keeps no request log. */
  enabled: boolean;
  keys: DashboardKey[];
  filter: { key?: string; status?: StatusClass; before?: string };
  entries: RequestLogEntry[];
  /** The cursor of the older page, when there is one. */
  next?: string;
}

/** The API requests of the last 7 days, newest first, filtered by key and status class, a page at a time. */
export function requestsPage(context: PageContext, model: RequestsPageModel) {
  const { filter } = model;
  const link = (before?: string) => {
    const query = new URLSearchParams();
    if (filter.key) query.set('key', filter.key);
    if (filter.status) query.set('status', filter.status);
    if (before) query.set('before', before);
    const search = query.toString();
    return `${context.basePath}/requests${search ? `?${search}` : ''}`;
  };
  if (!model.enabled)
    return page(context, 'Requests', html`<p>This server keeps no log of API requests.</p>`);
  return page(
    context,
    'Requests',
    html`<p>Every API request made with your keys in the last 7 days, newest first.</p>
      <form method="get" action="${context.basePath}/requests" class="actions filters">
        <div>${keySelect('requests-key', model.keys, filter.key)}</div>
        <div>
          <label for="requests-status">Status</label>
          <select id="requests-status" name="status">
            <option value="">Any status</option>
            ${STATUS_CLASSES.map(
              (status) =>
                html`<option value="${status}" ${status === filter.status ? html`selected` : ''}>
                  ${STATUS_NAMES[status]}
                </option>`,
            )}
          </select>
        </div>
        <button type="submit" class="secondary">Show requests</button>
      </form>
      <div class="table-wrap">
        <table class="stack requests">
          <caption>
            API requests, newest first${filter.before ? ' (older page)' : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">API key</th>
              <th scope="col">Operation</th>
              <th scope="col">URL</th>
              <th scope="col">Status</th>
              <th scope="col">Credits</th>
              <th scope="col">Duration</th>
            </tr>
          </thead>
          <tbody>
            ${
              model.entries.length
                ? model.entries.map(
                    (entry) =>
                      html`<tr>
                        <td data-label="When">${formatDate(entry.createdAt)}</td>
                        <td data-label="API key">${keyNameOf(model.keys, entry.apiKeyId)}</td>
                        <td data-label="Operation">
                          ${entry.operation ? operationName(entry.operation) : ''}
                          <span class="hint secret">${entry.route}</span>
                        </td>
                        <td data-label="URL" class="secret">${entry.url ?? '—'}</td>
                        <td data-label="Status">${entry.status}</td>
                        <td data-label="Credits">${entry.credits}</td>
                        <td data-label="Duration">${entry.durationMs} ms</td>
                      </tr>`,
                  )
                : html`<tr>
                    <td colspan="7">No requests${filter.key || filter.status ? ' match' : ''}.</td>
                  </tr>`
            }
          </tbody>
        </table>
      </div>
      <nav aria-label="Request pages" class="actions">
        ${filter.before ? html`<a href="${link()}" rel="first">Newest requests</a>` : ''}${
          model.next ? html`<a href="${link(model.next)}" rel="next">Older requests</a>` : ''
        }
      </nav>`,
  );
}
