import { html, type SafeHtml } from '../html';

/** What every signed-in page needs to draw its frame and forms. */
export interface PageContext {
  basePath: string;
  csrfToken: string;
  /** The nav entry of this page. */
  current: 'overview' | 'keys' | 'requests' | 'monitors' | 'jobs' | 'account' | 'none';
}

const NAV: { id: PageContext['current']; path: string; label: string }[] = [
  { id: 'overview', path: '', label: 'Credits and usage' },
  { id: 'keys', path: '/keys', label: 'API keys' },
  { id: 'requests', path: '/requests', label: 'Requests' },
  { id: 'monitors', path: '/monitors', label: 'Monitors' },
  { id: 'jobs', path: '/jobs', label: 'Jobs' },
  { id: 'account', path: '/account', label: 'Account' },
];

/** The hidden field every state-changing form carries. */
export const csrfField = (context: PageContext) =>
  html`<input type="hidden" name="_csrf" value="${context.csrfToken}" />`;

export function document(
  title: string,
  basePath: string,
  header: SafeHtml | string,
  body: SafeHtml,
): SafeHtml {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Quarry</title>
        <link rel="icon" href="${basePath}/assets/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="${basePath}/assets/dashboard.css" />
        <script src="${basePath}/assets/dashboard.js" defer></script>
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header><span class="brand">Quarry</span>${header}</header>
        <main id="main" tabindex="-1">${body}</main>
      </body>
    </html>`;
}

/** A signed-in page: navigation, sign-out, then the content. */
export function page(context: PageContext, title: string, body: SafeHtml): SafeHtml {
  const nav = html`<nav aria-label="Dashboard">
      <ul>
        ${NAV.map(
          (item) =>
            html`<li>
              <a
                href="${context.basePath}${item.path || '/'}"
                ${item.id === context.current ? html` aria-current="page"` : ''}
                >${item.label}</a
              >
            </li>`,
        )}
      </ul>
    </nav>
    <form class="inline" method="post" action="${context.basePath}/sign-out">
      ${csrfField(context)}<button type="submit" class="secondary">Sign out</button>
    </form>`;
  return document(
    title,
    context.basePath,
    nav,
    html`<h1>${title}</h1>
      ${body}`,
  );
}

/** "1 credit", "0 credits", "25 credits". */
export const credits = (amount: number) => `${amount} credit${Math.abs(amount) === 1 ? '' : 's'}`;

export const formatDate = (date: Date | null) =>
  date
    ? html`<time datetime="${date.toISOString()}"
        >${date.toISOString().slice(0, 16).replace('T', ' ')} UTC</time
      >`
    : '—';
