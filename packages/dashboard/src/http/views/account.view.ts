import { MIN_PASSWORD_LENGTH } from '../../domain/dashboard-credentials.service';
import { html } from '../html';
import { errorSummary, fieldError } from './form-errors.view';
import { csrfField, page, type PageContext } from './layout';

export type PasswordField = 'currentPassword' | 'newPassword';

/** The password form; passwords are never re-shown, only why they were refused. */
export function accountPage(
  context: PageContext,
  model: {
    email: string;
    notice?: string;
    errors?: { summary: string; fields: Partial<Record<PasswordField, string>> };
  },
) {
  const fields = model.errors?.fields ?? {};
  const describedBy = (id: PasswordField, hint: boolean) => {
    const ids = [hint ? `${id}-hint` : '', fields[id] ? `${id}-error` : ''].filter(Boolean).join(' ');
    return html`${ids ? html` aria-describedby="${ids}"` : ''}${fields[id] ? html` aria-invalid="true"` : ''}`;
  };
  return page(
    context,
    'Account',
    html`${model.notice ? html`<p class="notice" role="status">${model.notice}</p>` : ''}
      <p>Signed in as <strong>${model.email}</strong>.</p>
      <h2 id="change-password">Change your password</h2>
      ${
        model.errors
          ? errorSummary(
              model.errors.summary,
              (Object.keys(fields) as PasswordField[]).map((id) => [id, fields[id]!]),
            )
          : ''
      }
      <form method="post" action="${context.basePath}/account/password" aria-labelledby="change-password">
        ${csrfField(context)}
        <div class="field">
          <label for="currentPassword">Current password</label
          >${fieldError('currentPassword', fields.currentPassword)}<input
            id="currentPassword"
            name="currentPassword"
            type="password"
            autocomplete="current-password"
            required
            ${describedBy('currentPassword', false)}
          />
        </div>
        <div class="field">
          <label for="newPassword">New password</label>${fieldError('newPassword', fields.newPassword)}<input
            id="newPassword"
            name="newPassword"
            type="password"
            autocomplete="new-password"
            minlength="${MIN_PASSWORD_LENGTH}"
            required
            ${describedBy('newPassword', true)}
          />
          <p id="newPassword-hint" class="hint">
            At least ${MIN_PASSWORD_LENGTH} characters. Other browsers signed in to this account are signed
            out.
          </p>
        </div>
        <button type="submit">Change password</button>
      </form>`,
  );
}
