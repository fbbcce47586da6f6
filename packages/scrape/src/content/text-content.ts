import { PageContent } from './page-content';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A fence longer than any backtick run in the text, so the code block cannot end early. */
function fence(text: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  return '`'.repeat(longest + 1);
}

/** Non-HTML text: Markdown and plain text verbatim, structured text (JSON, CSV, XML...) in a code block. */
export function readText(text: string, mediaType: string): PageContent {
  const html = `<pre>${escapeHtml(text)}</pre>`;
  if (mediaType === 'text/markdown' || mediaType === 'text/x-markdown' || mediaType === 'text/plain') {
    return { title: null, html, markdown: text };
  }
  const language = /json/.test(mediaType)
    ? 'json'
    : (mediaType.split('/')[1]?.replace(/^x-/, '').split('+')[0] ?? '');
  const marker = fence(text);
  return { title: null, html, markdown: `${marker}${language}\n${text.replace(/\n$/, '')}\n${marker}\n` };
}
