import type { ChangeSummary, MonitorEvent } from '@quarry/monitor';
import { html } from '../html';

const SIGNS = { ' ': 'unchanged', '-': 'removed', '+': 'added' } as const;

/** A Markdown list item's `- ` or `* ` shown as the bullet a reader sees, not as a second sign. */
const shown = (line: string) => line.replace(/^(\s*)[-*+] /, '$1• ');

/**
 * A change event as a unified diff: its hunks with their `@@ -a,b +c,d @@` headers and context
 * lines. Events recorded before `unifiedDiff` existed show their removed, then added lines.
 */
export function unifiedDiff(event: MonitorEvent) {
  const { addedCount, removedCount } = event.summary;
  return html`<p class="counts">
      <span class="added">+${addedCount} added</span>, <span class="removed">−${removedCount} removed</span>
    </p>
    <ul class="diff" aria-label="Changed lines">
      ${diffLines(event.summary).map((line) => {
        if (line.startsWith('@@')) return html`<li class="hunk">${line}</li>`;
        const kind = SIGNS[line[0] as keyof typeof SIGNS];
        const sign = html`<span class="sr-sign" aria-label="${kind}">${line[0]}</span>`;
        return html`<li class="${kind}">${sign}${shown(line.slice(1))}</li>`;
      })}
    </ul>`;
}

function diffLines(summary: ChangeSummary): string[] {
  if (summary.unifiedDiff !== undefined) return summary.unifiedDiff.split('\n').filter((line) => line !== '');
  return [...summary.removedLines.map((line) => `-${line}`), ...summary.addedLines.map((line) => `+${line}`)];
}
