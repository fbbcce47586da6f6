import type { WebhookSecretView } from '@quarry/accounts';
import type { DashboardKey } from '../../domain/dashboard-keys.service';
import { html } from '../html';
import { csrfField, formatDate, page, type PageContext } from './layout';

export interface KeysPageModel {
  keys: DashboardKey[];
  /** The key just created: shown on this one page only, focused so it is read out first. */
  created?: { apiKey: string; name: string; /** Where the API answers, for the example. */ origin: string };
  /** The webhook secret, when the holder asked to see it. */
  secret?: WebhookSecretView;
}

export const keyLabel = (key: DashboardKey) => `${key.prefix}…${key.lastFour ?? ''}`;

/** Keys with create and revoke, and the webhook signing secret with reveal and rotate. */
export function keysPage(context: PageContext, model: KeysPageModel) {
  const action = (path: string) => `${context.basePath}${path}`;
  return page(
    context,
    'API keys',
    html`${
        model.created
          ? html`<section class="notice" aria-labelledby="new-key">
              <h2 id="new-key">Your new key “${model.created.name}”</h2>
              <p>Copy it now: it is shown this once and never again.</p>
              <label for="new-key-value">API key</label
              ><input
                id="new-key-value"
                data-copy="Copy key"
                type="text"
                class="secret"
                readonly
                autofocus
                value="${model.created.apiKey}"
              />
              <h3>Try it</h3>
              <pre
                class="secret"
                id="new-key-example"
              ><code>curl -s ${model.created.origin}/v1/api/scrape -H "Authorization: Bearer ${model.created.apiKey}" \\
  -H 'content-type: application/json' -d '{"url":"https://example.com/"}'</code></pre>
              <p>
                It answers the page’s main content as Markdown. Every route, with its fields and prices:
                <a href="${model.created.origin}/docs">the API reference</a>.
              </p>
            </section>`
          : ''
      }
      <form method="post" action="${action('/keys')}">
        ${csrfField(context)}
        <div class="field">
          <label for="key-name">Name of a new key</label
          ><input
            id="key-name"
            name="name"
            type="text"
            maxlength="100"
            required
            aria-describedby="key-name-hint"
          />
          <p id="key-name-hint" class="hint">Where the key will be used, e.g. “production crawler”.</p>
        </div>
        <button type="submit">Create key</button>
      </form>
      <div class="table-wrap">
        <table class="stack">
          <caption>
            Your keys
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col"><span class="hint">Action</span></th>
            </tr>
          </thead>
          <tbody>
            ${model.keys.map(
              (key) =>
                html`<tr>
                  <td data-label="Name">${key.name ?? '(no name)'}</td>
                  <td data-label="Key" class="secret">${keyLabel(key)}</td>
                  <td data-label="Created">${formatDate(key.createdAt)}</td>
                  <td data-label="Last used">${key.lastUsedAt ? formatDate(key.lastUsedAt) : 'Never'}</td>
                  <td data-label="Status">
                    ${key.revokedAt ? html`Revoked ${formatDate(key.revokedAt)}` : 'Active'}
                  </td>
                  <td>
                    ${
                      key.revokedAt
                        ? ''
                        : html`<form
                            class="inline"
                            method="post"
                            action="${action(`/keys/${key.id}/revoke`)}"
                          >
                            ${csrfField(context)}<button
                              type="submit"
                              class="danger"
                              aria-label="Revoke ${keyLabel(key)}"
                            >
                              Revoke
                            </button>
                          </form>`
                    }
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <h2 id="webhook">Webhook signing secret</h2>
      <p>
        Callbacks of async scrapes are signed with this secret (Standard Webhooks). Each monitor’s webhook has
        a secret of its own, shown when the monitor is created and on the monitor’s page.
      </p>
      ${
        model.secret
          ? html`<p>
                <label for="secret-value">Current secret</label
                ><input
                  id="secret-value"
                  data-copy="Copy secret"
                  type="text"
                  class="secret"
                  readonly
                  autofocus
                  value="${model.secret.webhookSecret}"
                />
              </p>
              ${model.secret.previousSecretValidUntil ? html`<p class="hint">The previous secret also signs until ${model.secret.previousSecretValidUntil}.</p>` : ''}`
          : ''
      }
      <div class="actions">
        <form class="inline" method="post" action="${action('/webhook-secret/reveal')}">
          ${csrfField(context)}<button type="submit" class="secondary">Reveal secret</button>
        </form>
        <form class="inline" method="post" action="${action('/webhook-secret/rotate')}">
          ${csrfField(context)}<button type="submit" class="danger">Rotate secret</button>
        </form>
      </div>`,
  );
}
