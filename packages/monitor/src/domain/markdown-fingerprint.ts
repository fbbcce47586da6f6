import { createHash } from 'node:crypto';

/**
 * The Markdown a check compares: line endings unified, trailing whitespace dropped, runs of blank
 * lines folded into one, and no blank lines at either end; so re-rendered whitespace is no change.
 */
export function normalizeMarkdown(markdown: string): string {
  return markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
}

/** SHA-256 hex of the normalised text. */
export function contentHash(normalized: string): string {
  return createHash('sha256').update(normalized, 'utf8').digest('hex');
}
