import { Monitor, MonitorEvent } from './monitor';

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );

/** How a page is named in a subject: its title, else its URL. */
function pageName(url: string, title: string | null): string {
  const name = (title ?? '').replace(/\s+/g, ' ').trim() || url;
  return name.length > 120 ? `${name.slice(0, 117)}...` : name;
}

function lineSection(heading: string, marker: string, lines: string[], total: number): string[] {
  if (total === 0) return [];
  const more = total > lines.length ? [`  ... and ${total - lines.length} more`] : [];
  return [`${heading} (${total}):`, ...lines.map((line) => `${marker} ${line}`), ...more, ''];
}

function htmlSection(heading: string, lines: string[], total: number, colour: string): string {
  if (total === 0) return '';
  const more = total > lines.length ? `<li>... and ${total - lines.length} more</li>` : '';
  const items = lines
    .map((line) => `<li style="color:${colour}"><code>${escapeHtml(line)}</code></li>`)
    .join('');
  return `<h3>${escapeHtml(heading)} (${total})</h3><ul>${items}${more}</ul>`;
}

/** The email of a change: subject names the page; both bodies list the added and removed lines and link to it. */
export function changeEmail(monitor: Monitor, event: MonitorEvent): EmailContent {
  const name = pageName(monitor.url, event.currentTitle ?? event.previousTitle);
  const { addedLines, removedLines, addedCount, removedCount } = event.summary;
  const text = [
    `The page you monitor changed: ${name}`,
    `${monitor.url}`,
    `Detected at ${event.detectedAt.toISOString()}.`,
    '',
    ...lineSection('Added lines', '+', addedLines, addedCount),
    ...lineSection('Removed lines', '-', removedLines, removedCount),
    `Open the page: ${monitor.url}`,
  ].join('\n');
  const html = [
    `<p>The page you monitor changed: <a href="${escapeHtml(monitor.url)}">${escapeHtml(name)}</a></p>`,
    `<p>Detected at ${event.detectedAt.toISOString()}.</p>`,
    htmlSection('Added lines', addedLines, addedCount, '#116329'),
    htmlSection('Removed lines', removedLines, removedCount, '#82071e'),
    `<p><a href="${escapeHtml(monitor.url)}">Open the page</a></p>`,
  ].join('\n');
  return { subject: `Change detected: ${name}`, text, html };
}

/** The email sent once when a monitor paused itself after repeated failures. */
export function pausedEmail(
  monitor: Monitor,
  failures: number,
  lastError: { code: string; message: string },
): EmailContent {
  const text = [
    `Monitoring of ${monitor.url} is paused after ${failures} failed checks in a row.`,
    `Last error: ${lastError.code}: ${lastError.message}`,
    '',
    'Resume it with PATCH /v1/api/monitors/' +
      monitor.id +
      ' {"status":"active"} once the page is reachable again.',
  ].join('\n');
  const html = [
    `<p>Monitoring of <a href="${escapeHtml(monitor.url)}">${escapeHtml(monitor.url)}</a> is paused after ${failures} failed checks in a row.</p>`,
    `<p>Last error: <code>${escapeHtml(lastError.code)}</code>: ${escapeHtml(lastError.message)}</p>`,
    `<p>Resume it with <code>PATCH /v1/api/monitors/${escapeHtml(monitor.id)}</code> <code>{"status":"active"}</code> once the page is reachable again.</p>`,
  ].join('\n');
  return { subject: `Monitoring paused: ${pageName(monitor.url, null)}`, text, html };
}

/** The webhook body of a change (docs/api.md §6). */
export function changeWebhookBody(monitor: Monitor, event: MonitorEvent): string {
  return JSON.stringify({ type: 'monitor.changed', monitor, event });
}

/** The webhook body sent once when a monitor paused itself. */
export function pausedWebhookBody(monitor: Monitor, lastError: { code: string; message: string }): string {
  return JSON.stringify({
    type: 'monitor.paused',
    monitor,
    error: { error: lastError.code, message: lastError.message, url: monitor.url },
  });
}
