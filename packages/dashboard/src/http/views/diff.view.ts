import type { MonitorEvent } from '@quarry/monitor';
import { html } from '../html';

/**
 * A change event as a unified diff: the removed lines, then the added ones, under one hunk header
 * with their counts. The event keeps only the changed lines, so the diff has no context lines.
 */
export function unifiedDiff(event: MonitorEvent) {
  const { removedLines, addedLines, removedCount, addedCount } = event.summary;
  return html`<p class="counts">
      <span class="added">+${addedCount} added</span>, <span class="removed">−${removedCount} removed</span>
    </p>
    <ul class="diff" aria-label="Changed lines">
      <li class="hunk">@@ -${removedLines.length} +${addedLines.length} @@</li>
      ${removedLines.map((line) => html`<li class="removed"><span class="sr-sign" aria-label="removed">-</span>${line}</li>`)}
      ${addedLines.map((line) => html`<li class="added"><span class="sr-sign" aria-label="added">+</span>${line}</li>`)}
    </ul>`;
}
