import type { Usage } from '@quarry/accounts';
import { html } from '../html';
import { credits } from './layout';
import { operationName } from './operation-names';

const ROW = 36;
const LABEL_WIDTH = 140;
const BAR_WIDTH = 220;
/** Narrow enough that the labels stay readable when a phone scales the chart to its width. */
const WIDTH = LABEL_WIDTH + BAR_WIDTH + 100;

/**
 * Credits spent per operation as horizontal SVG bars, drawn on the server. The chart is an image
 * with a title; the same numbers follow in a table for screen readers and for copying.
 */
export function usageChart(usage: Usage) {
  const rows = Object.entries(usage).sort(([, a], [, b]) => b.credits - a.credits);
  if (!rows.length) return html`<p>No paid work in the last 30 days.</p>`;
  const max = Math.max(1, ...rows.map(([, u]) => u.credits));
  const height = rows.length * ROW + 8;
  return html`<svg
      class="chart"
      role="img"
      aria-labelledby="usage-chart-title"
      viewBox="0 0 ${WIDTH} ${height}"
      width="${WIDTH}"
      height="${height}"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id="usage-chart-title">Credits used in the last 30 days by operation</title>
      ${rows.map(([operation, u], i) => {
        const y = i * ROW + 4;
        const width = Math.max(2, Math.round((u.credits / max) * BAR_WIDTH));
        return html`<g
          ><text x="${LABEL_WIDTH - 8}" y="${y + 20}" text-anchor="end" font-size="14" fill="currentColor"
            >${operationName(operation)}</text
          >
          <rect x="${LABEL_WIDTH}" y="${y + 4}" width="${width}" height="${ROW - 12}" class="bar"></rect>
          <text x="${LABEL_WIDTH + width + 8}" y="${y + 20}" font-size="14" fill="currentColor"
            >${credits(u.credits)}</text
          ></g
        >`;
      })}
    </svg>
    <div class="table-wrap">
      <table>
        <caption>
          Usage in the last 30 days
        </caption>
        <thead>
          <tr>
            <th scope="col">Operation</th>
            <th scope="col">Requests</th>
            <th scope="col">Credits</th>
          </tr>
        </thead>
        <tbody>
          ${rows.map(
            ([operation, u]) =>
              html`<tr>
                <td>${operationName(operation)}</td>
                <td>${u.count}</td>
                <td>${u.credits}</td>
              </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
}
