import type { DashboardKey } from '../../domain/dashboard-keys.service';
import { html } from '../html';
import { keyLabel } from './keys.view';

/** A key as pages name it: its name and display prefix, and whether it was revoked. */
export const keyName = (key: DashboardKey) =>
  `${key.name ? `${key.name} (${keyLabel(key)})` : keyLabel(key)}${key.revokedAt ? ', revoked' : ''}`;

/** The name of the key with this id among `keys`; a key deleted since shows as such. */
export const keyNameOf = (keys: DashboardKey[], keyId: string | null) => {
  if (keyId === null) return 'No key';
  const key = keys.find((k) => k.id === keyId);
  return key ? keyName(key) : 'A deleted key';
};

/** A labelled choice of the account's keys for GET forms, "All keys" first. */
export function keySelect(id: string, keys: DashboardKey[], selected: string | undefined) {
  return html`<label for="${id}">API key</label>
    <select id="${id}" name="key">
      <option value="">All keys</option>
      ${keys.map(
        (key) =>
          html`<option value="${key.id}" ${key.id === selected ? html`selected` : ''}>
            ${keyName(key)}
          </option>`,
      )}
    </select>`;
}
