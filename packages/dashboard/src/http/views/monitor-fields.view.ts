import {
  MAX_IGNORE_PATTERNS,
  MAX_INTERVAL_MINUTES,
  MAX_NAME_LENGTH,
  MAX_SELECTOR_LENGTH,
  MAX_TRIGGER_LENGTH,
  MIN_INTERVAL_MINUTES,
  type MonitorScope,
} from '@quarry/monitor';
import { html } from '../html';
import type { FormErrors, MonitorForm } from '../monitor-form';
import { errorSummary, fieldError } from './form-errors.view';

const INPUT_IDS: Record<keyof MonitorForm, string> = {
  url: 'monitor-url',
  name: 'monitor-name',
  intervalMinutes: 'monitor-interval',
  scope: 'monitor-scope-content',
  selector: 'monitor-selector',
  ignore: 'monitor-ignore',
  trigger: 'monitor-trigger',
  email: 'monitor-email',
  webhookUrl: 'monitor-webhook',
};

const SCOPES: [MonitorScope, string][] = [
  ['content', 'The main content (the article or the product, without menus and footers)'],
  ['page', 'All visible text of the page'],
  ['selector', 'The text of the elements a CSS selector matches'],
];

/** The summary of a refused monitor form, linking to each field it names. */
export function monitorFormSummary(errors: FormErrors) {
  return errorSummary(
    errors.summary,
    (Object.keys(errors.fields) as (keyof MonitorForm)[]).map((name) => [
      INPUT_IDS[name],
      errors.fields[name]!,
    ]),
  );
}

/**
 * The fields of the create and edit forms; the URL only when creating. Each input names its hint
 * and its refusal with `aria-describedby`.
 */
export function monitorFields(form: MonitorForm, errors: FormErrors['fields'], options: { url: boolean }) {
  const describedBy = (name: keyof MonitorForm, hint: boolean) => {
    const ids = [hint ? `${INPUT_IDS[name]}-hint` : '', errors[name] ? `${INPUT_IDS[name]}-error` : '']
      .filter(Boolean)
      .join(' ');
    return html`${ids ? html` aria-describedby="${ids}"` : ''}${errors[name] ? html` aria-invalid="true"` : ''}`;
  };
  const message = (name: keyof MonitorForm) => fieldError(INPUT_IDS[name], errors[name]);
  return html`${
      options.url
        ? html`<div class="field">
            <label for="monitor-url">Page URL</label>${message('url')}<input
              id="monitor-url"
              name="url"
              type="url"
              required
              value="${form.url}"
              ${describedBy('url', false)}
            />
          </div>`
        : ''
    }
    <div class="field">
      <label for="monitor-name">Name (optional)</label>${message('name')}<input
        id="monitor-name"
        name="name"
        type="text"
        maxlength="${MAX_NAME_LENGTH}"
        value="${form.name}"
        ${describedBy('name', true)}
      />
      <p id="monitor-name-hint" class="hint">Without one, the page’s title.</p>
    </div>
    <div class="field">
      <label for="monitor-interval">Check every (minutes)</label>${message('intervalMinutes')}<input
        id="monitor-interval"
        name="intervalMinutes"
        type="number"
        min="${MIN_INTERVAL_MINUTES}"
        max="${MAX_INTERVAL_MINUTES}"
        step="1"
        required
        value="${form.intervalMinutes}"
        ${describedBy('intervalMinutes', true)}
      />
      <p id="monitor-interval-hint" class="hint">
        From ${MIN_INTERVAL_MINUTES} minutes to ${MAX_INTERVAL_MINUTES} (one week).
      </p>
    </div>
    <fieldset class="field">
      <legend>Compare</legend>
      ${message('scope')}
      ${SCOPES.map(
        ([scope, label]) =>
          html`<div>
            <input
              id="monitor-scope-${scope}"
              name="scope"
              type="radio"
              value="${scope}"
              ${form.scope === scope ? html` checked` : ''}
            />
            <label for="monitor-scope-${scope}" class="inline">${label}</label>
          </div>`,
      )}
    </fieldset>
    <div class="field">
      <label for="monitor-selector">CSS selector (with the last choice)</label>${message('selector')}<input
        id="monitor-selector"
        name="selector"
        type="text"
        maxlength="${MAX_SELECTOR_LENGTH}"
        value="${form.selector}"
        ${describedBy('selector', true)}
      />
      <p id="monitor-selector-hint" class="hint">For example <code>main .price</code>.</p>
    </div>
    <div class="field">
      <label for="monitor-ignore">Ignore lines matching (optional)</label>${message('ignore')}<textarea
        id="monitor-ignore"
        name="ignore"
        rows="3"
        ${describedBy('ignore', true)}
      >
${form.ignore}</textarea>
      <p id="monitor-ignore-hint" class="hint">
        One regular expression a line, at most ${MAX_IGNORE_PATTERNS}; for example <code>^Updated: </code>.
      </p>
    </div>
    <div class="field">
      <label for="monitor-trigger">Notify only when the new text contains (optional)</label
      >${message('trigger')}<input
        id="monitor-trigger"
        name="trigger"
        type="text"
        maxlength="${MAX_TRIGGER_LENGTH}"
        value="${form.trigger}"
        ${describedBy('trigger', true)}
      />
      <p id="monitor-trigger-hint" class="hint">Case-sensitive; every change is still listed here.</p>
    </div>
    <div class="field">
      <input id="monitor-email" name="email" type="checkbox" value="on" ${form.email ? html` checked` : ''} />
      <label for="monitor-email" class="inline">Email me when it changes</label>
    </div>
    <div class="field">
      <label for="monitor-webhook">Webhook URL (optional)</label>${message('webhookUrl')}<input
        id="monitor-webhook"
        name="webhookUrl"
        type="url"
        value="${form.webhookUrl}"
        ${describedBy('webhookUrl', false)}
      />
    </div>`;
}
