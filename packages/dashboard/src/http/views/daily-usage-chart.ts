import type { DailyUsage } from '@quarry/accounts';
import { html } from '../html';
import { credits } from './layout';
import { operationName } from './operation-names';

const COLUMN = 14;
const HEIGHT = 160;
const AXIS = 24;
/** Told apart in light and dark mode and by people with the common colour-vision deficiencies. */
const COLOURS = ['#4285f4', '#e8710a', '#12a4af', '#d93025', '#9c6ade', '#80868b'];

/**
 * Credits spent per UTC day over `days` (oldest first), one column a day stacked by operation,
 * drawn on the server. The chart is an image with a title; the same numbers follow in a table.
 */
export function dailyUsageChart(days: string[], usage: DailyUsage[]) {
  const operations = [...new Set(usage.map((u) => u.operation))].sort();
  const colour = (operation: string) => COLOURS[operations.indexOf(operation) % COLOURS.length];
  const perDay = new Map(days.map((day) => [day, usage.filter((u) => u.day === day)]));
  const max = Math.max(1, ...[...perDay.values()].map((us) => us.reduce((sum, u) => sum + u.credits, 0)));
  const width = days.length * COLUMN;
  return html`<svg
      class="chart"
      role="img"
      aria-labelledby="daily-usage-title"
      viewBox="0 0 ${width} ${HEIGHT + AXIS}"
      width="${width}"
      height="${HEIGHT + AXIS}"
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id="daily-usage-title">Credits used per day in the last ${days.length} days, by operation</title>
      ${days.map((day, i) => {
        let top = HEIGHT;
        return html`<g
          >${perDay.get(day)!.map((u) => {
            const height = Math.max(1, Math.round((u.credits / max) * (HEIGHT - 8)));
            top -= height;
            return html`<rect
              x="${i * COLUMN + 2}"
              y="${top}"
              width="${COLUMN - 4}"
              height="${height}"
              fill="${colour(u.operation)}"
            >
              <title>${day}: ${operationName(u.operation)}, ${credits(u.credits)}</title>
            </rect>`;
          })}</g
        >`;
      })}
      <line x1="0" y1="${HEIGHT}" x2="${width}" y2="${HEIGHT}" stroke="currentColor"></line>
      <text x="0" y="${HEIGHT + 18}" font-size="12" fill="currentColor">${days[0]}</text>
      <text x="${width}" y="${HEIGHT + 18}" font-size="12" text-anchor="end" fill="currentColor">
        ${days[days.length - 1]}
      </text>
    </svg>
    <ul class="legend" aria-label="Operations in the chart">
      ${operations.map(
        (operation) =>
          html`<li>
            <svg width="12" height="12" aria-hidden="true">
              <rect width="12" height="12" fill="${colour(operation)}"></rect>
            </svg>
            ${operationName(operation)}
          </li>`,
      )}
    </ul>
    <details>
      <summary>The numbers per day</summary>
      <div class="table-wrap">
        <table class="daily-usage">
          <caption>
            Usage per day, oldest first
          </caption>
          <thead>
            <tr>
              <th scope="col">Day (UTC)</th>
              <th scope="col">Operation</th>
              <th scope="col">Requests</th>
              <th scope="col">Credits</th>
            </tr>
          </thead>
          <tbody>
            ${usage.map(
              (u) =>
                html`<tr>
                  <td>${u.day}</td>
                  <td>${operationName(u.operation)}</td>
                  <td>${u.count}</td>
                  <td>${u.credits}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
    </details>`;
}
