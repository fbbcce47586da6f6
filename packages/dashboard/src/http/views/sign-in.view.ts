import { html } from '../html';
import { document } from './layout';

/** The sign-in form; `error` repeats the email so only the password is typed again. */
export function signInPage(basePath: string, csrfToken: string, error?: { message: string; email: string }) {
  return document(
    'Sign in',
    basePath,
    '',
    html`<h1>Sign in</h1>
      ${error ? html`<p class="notice error" tabindex="-1" autofocus role="alert">${error.message}</p>` : ''}
      <form method="post" action="${basePath}/sign-in">
        <input type="hidden" name="_csrf" value="${csrfToken}" />
        <div class="field">
          <label for="email">Email</label
          ><input
            id="email"
            name="email"
            type="email"
            autocomplete="username"
            required
            value="${error?.email ?? ''}"
          />
        </div>
        <div class="field">
          <label for="password">Password</label
          ><input id="password" name="password" type="password" autocomplete="current-password" required />
        </div>
        <button type="submit">Sign in</button>
      </form>
      <p class="hint">Your operator sets your password; ask them if you have none.</p>`,
  );
}
