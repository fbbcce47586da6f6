import { QuarryError } from '@quarry/core';
import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES } from '@quarry/monitor';

/** The new-monitor form as typed, re-shown when the server refuses it. */
export interface MonitorForm {
  url: string;
  intervalMinutes: string;
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
  intervalMinutes: 'intervalMinutes',
  'notifications.webhook.url': 'webhookUrl',
};

const MESSAGES: Record<keyof MonitorForm, (detail: string) => string> = {
  url: (detail) => `Enter the address of a public web page: ${detail}.`,
  intervalMinutes: () =>
    `Enter a whole number of minutes from ${MIN_INTERVAL_MINUTES} to ${MAX_INTERVAL_MINUTES}.`,
  email: (detail) => detail,
  webhookUrl: (detail) => `Enter a public http(s) address for the webhook: ${detail}.`,
};

export function monitorFormOf(body: Record<string, string>): MonitorForm {
  return {
    url: (body.url ?? '').trim(),
    intervalMinutes: (body.intervalMinutes ?? '').trim(),
    email: body.email === 'on',
    webhookUrl: (body.webhookUrl ?? '').trim(),
  };
}

/** The refusal attached to the fields it names; a refusal of no field (402, 409) is the summary alone. */
export function formErrors(error: QuarryError): FormErrors {
  const details = error.extra.details;
  const fields: FormErrors['fields'] = {};
  if (details && typeof details === 'object') {
    for (const [name, detail] of Object.entries(details)) {
      const field = FIELD_OF[name];
      if (field && typeof detail === 'string') fields[field] = MESSAGES[field](detail.replace(/\.$/, ''));
    }
  }
  return { summary: error.message, fields };
}
