import type { Monitor, MonitorSnapshot } from '@quarry/monitor';
import { html } from '../html';
import { formatDate, page, type PageContext } from './layout';

/** What one check of a monitor read: the watched text it compared, as stored. */
export function monitorSnapshotPage(context: PageContext, monitor: Monitor, snapshot: MonitorSnapshot) {
  const back = `${context.basePath}/monitors/${monitor.id}`;
  return page(
    context,
    `Snapshot of ${monitor.name ?? 'the monitor'}`,
    html`<p><a href="${back}#checks">Back to the monitor’s checks</a></p>
      <dl class="facts">
        <dt>Checked</dt>
        <dd>${formatDate(snapshot.checkedAt)}</dd>
        <dt>Page title</dt>
        <dd>${snapshot.title ?? '—'}</dd>
        <dt>Content hash (SHA-256)</dt>
        <dd class="secret">${snapshot.contentHash}</dd>
      </dl>
      <h2 id="snapshot-text">The text compared</h2>
      <p class="hint">Normalised, with the lines the monitor ignores left out.</p>
      <pre class="snapshot" tabindex="0" aria-labelledby="snapshot-text">${snapshot.text}</pre>`,
  );
}
