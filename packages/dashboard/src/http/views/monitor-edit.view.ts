import type { Monitor } from '@quarry/monitor';
import { html } from '../html';
import type { FormErrors, MonitorForm } from '../monitor-form';
import { csrfField, page, type PageContext } from './layout';
import { monitorFields, monitorFormSummary } from './monitor-fields.view';

/** The settings of one monitor; `errors` re-shows what was typed, with why it was refused. */
export function monitorEditPage(
  context: PageContext,
  monitor: Monitor,
  form: MonitorForm,
  errors?: FormErrors,
) {
  const back = `${context.basePath}/monitors/${monitor.id}`;
  return page(
    context,
    `Edit ${monitor.name ?? 'monitor'}`,
    html`<p><a href="${monitor.url}" rel="noopener noreferrer">${monitor.url}</a></p>
      <p class="hint">
        A new comparison, selector or ignore list starts from a new baseline: the next check notifies nothing.
      </p>
      ${errors ? monitorFormSummary(errors) : ''}
      <form method="post" action="${back}/edit" aria-label="Monitor settings">
        ${csrfField(context)} ${monitorFields(form, errors?.fields ?? {}, { url: false })}
        <div class="actions">
          <button type="submit">Save changes</button>
          <a href="${back}">Cancel</a>
        </div>
      </form>`,
  );
}
