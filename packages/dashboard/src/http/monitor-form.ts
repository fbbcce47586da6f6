import { QuarryError } from '@quarry/core';
import {
  MAX_INTERVAL_MINUTES,
  MIN_INTERVAL_MINUTES,
  type CreateMonitorRequest,
  type Monitor,
  type MonitorScope,
  type UpdateMonitorRequest,
} from '@quarry/monitor';

/** The monitor form as typed, re-shown when the server refuses it; `ignore` holds one pattern a line. */
export interface MonitorForm {
  url: string;
  name: string;
  intervalMinutes: string;
  scope: MonitorScope;
  selector: string;
  ignore: string;
  trigger: string;
  email: boolean;
  webhookUrl: string;
}

/** A refused form: one line for the error summary, and the message under each field it names. */
export interface FormErrors {
  summary: string;
  fields: Partial<Record<keyof MonitorForm, string>>;
}

/** The form's fields by the request field a refusal names (`InvalidRequestError` details). */
const FIELD_OF: Record<string, keyof MonitorForm> = {
  url: 'url',
  name: 'name',
  intervalMinutes: 'intervalMinutes',
  scope: 'scope',
  selector: 'selector',
  ignore: 'ignore',
  trigger: 'trigger',
  'notifications.webhook.url': 'webhookUrl',
};

const MESSAGES: Record<keyof MonitorForm, (detail: string) => string> = {
  url: (detail) => `Enter the address of a public web page: ${detail}.`,
  name: (detail) => `Shorten the name: it ${detail}.`,
  intervalMinutes: () =>
    `Enter a whole number of minutes from ${MIN_INTERVAL_MINUTES} to ${MAX_INTERVAL_MINUTES}.`,
  scope: () => 'Choose what to compare.',
  selector: (detail) => `Enter a CSS selector that works: it ${detail}.`,
  ignore: (detail) => `Correct the ignore patterns: ${detail}.`,
  trigger: (detail) => `Shorten the trigger text: it ${detail}.`,
  email: (detail) => detail,
  webhookUrl: (detail) => `Enter a public http(s) address for the webhook: ${detail}.`,
};

export const NEW_MONITOR_FORM: MonitorForm = {
  url: '',
  name: '',
  intervalMinutes: '60',
  scope: 'content',
  selector: '',
  ignore: '',
  trigger: '',
  email: true,
  webhookUrl: '',
};

export function monitorFormOf(body: Record<string, string>): MonitorForm {
  const scope = body.scope as MonitorScope;
  return {
    url: (body.url ?? '').trim(),
    name: (body.name ?? '').trim(),
    intervalMinutes: (body.intervalMinutes ?? '').trim(),
    scope: scope === 'page' || scope === 'selector' ? scope : 'content',
    selector: (body.selector ?? '').trim(),
    ignore: (body.ignore ?? '').replace(/\r\n?/g, '\n'),
    trigger: body.trigger ?? '',
    email: body.email === 'on',
    webhookUrl: (body.webhookUrl ?? '').trim(),
  };
}

/** The form of an existing monitor, for its edit page. */
export function monitorFormFor(monitor: Monitor): MonitorForm {
  return {
    url: monitor.url,
    name: monitor.name ?? '',
    intervalMinutes: String(monitor.intervalMinutes),
    scope: monitor.scope,
    selector: monitor.selector ?? '',
    ignore: monitor.ignore.join('\n'),
    trigger: monitor.trigger ?? '',
    email: monitor.channels.some((channel) => channel.type === 'email' && channel.enabled),
    webhookUrl: monitor.channels.find((channel) => channel.type === 'webhook')?.destination ?? '',
  };
}

/** Every field of the form but the URL, as the service takes them; blank lines of `ignore` are dropped. */
export function updateRequestOf(form: MonitorForm): Required<Omit<UpdateMonitorRequest, 'status'>> {
  return {
    name: form.name,
    intervalMinutes: Number(form.intervalMinutes),
    scope: form.scope,
    selector: form.scope === 'selector' ? form.selector || null : null,
    ignore: form.ignore.split('\n').filter((line) => line.trim() !== ''),
    trigger: form.trigger || null,
    notifications: { email: form.email, webhook: form.webhookUrl ? { url: form.webhookUrl } : null },
  };
}

export function createRequestOf(form: MonitorForm): CreateMonitorRequest {
  const { notifications, ...fields } = updateRequestOf(form);
  return {
    ...fields,
    url: form.url,
    notifications: {
      email: notifications.email,
      ...(form.webhookUrl ? { webhook: { url: form.webhookUrl } } : {}),
    },
  };
}

/** The refusal attached to the fields it names; a refusal of no field (402, 409) is the summary alone. */
export function formErrors(error: QuarryError): FormErrors {
  const details = error.extra.details;
  const fields: FormErrors['fields'] = {};
  if (details && typeof details === 'object') {
    for (const [name, detail] of Object.entries(details)) {
      const pattern = /^ignore\[(\d+)\]$/.exec(name);
      const field = pattern ? 'ignore' : FIELD_OF[name];
      const reason = pattern ? `pattern ${Number(pattern[1]) + 1} ${detail}` : detail;
      if (field && typeof detail === 'string') fields[field] = MESSAGES[field](reason.replace(/\.$/, ''));
    }
  }
  return { summary: error.message, fields };
}
