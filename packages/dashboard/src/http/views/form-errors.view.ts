import { html } from '../html';

/**
 * The error summary at the top of a refused form: focused on load (`autofocus`, no script), with a
 * link to each field it names. `fields` maps an input's id to its message.
 */
export function errorSummary(summary: string, fields: [string, string][]) {
  return html`<div class="notice error" role="alert" tabindex="-1" autofocus id="error-summary">
    <h2>There is a problem</h2>
    ${
      fields.length
        ? html`<ul>
            ${fields.map(([id, message]) => html`<li><a href="#${id}">${message}</a></li>`)}
          </ul>`
        : html`<p>${summary}</p>`
    }
  </div>`;
}

/** The message under a refused field; the input names it with `aria-describedby`. */
export const fieldError = (id: string, message: string | undefined) =>
  message ? html`<p id="${id}-error" class="field-error">${message}</p>` : '';
