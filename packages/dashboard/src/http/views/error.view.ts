import { html } from '../html';
import { document } from './layout';

const TITLES: Record<number, string> = { 403: 'Not allowed', 404: 'Not found', 429: 'Too many attempts' };

/** The page of a refused or failed request, with a way back. */
export function errorPage(basePath: string, status: number, message: string, signedIn: boolean) {
  const title = TITLES[status] ?? (status >= 500 ? 'Error' : 'Cannot do that');
  return document(
    title,
    basePath,
    '',
    html`<h1>${title}</h1>
      <p>${message}</p>
      <p>
        <a href="${basePath}/${signedIn ? '' : 'sign-in'}"
          >${signedIn ? 'Back to the dashboard' : 'Sign in'}</a
        >
      </p>`,
  );
}
