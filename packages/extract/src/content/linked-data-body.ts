import type { Element } from 'domhandler';
import { createElement } from '../dom/html-tree';
import { parseHtml } from '../dom/html-parser';

/** Markup in an `articleBody` (some sites put the article's HTML there rather than its text). */
const MARKUP = /<\/?(?:p|br|div|h[1-6]|ul|ol|li|blockquote)\b[^>]*>/i;

/**
 * The story as a page declares it in JSON-LD `articleBody`, for pages whose markup does not hold it
 * (rendered by a script): its own markup when it has any, else one paragraph per line.
 */
export function linkedDataBody(articleBody: string): Element {
  const html = MARKUP.test(articleBody)
    ? articleBody
    : articleBody
        .split(/\n+/)
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .map((line) => `<p>${escapeText(line)}</p>`)
        .join('');
  return createElement('div', [...parseHtml(html).children]);
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
