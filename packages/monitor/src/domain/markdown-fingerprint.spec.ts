import { contentHash, normalizeMarkdown } from './markdown-fingerprint';

describe('normalizeMarkdown', () => {
  it('drops trailing spaces and folds blank-line runs, so whitespace-only changes hash the same', () => {
    const a = '# Title  \r\n\r\n\r\n\r\nBody text.\t\n\n\n- item   \n\n';
    const b = '\n# Title\n\nBody text.\n\n- item';
    expect(normalizeMarkdown(a)).toBe('# Title\n\nBody text.\n\n- item');
    expect(contentHash(normalizeMarkdown(a))).toBe(contentHash(normalizeMarkdown(b)));
  });

  it('keeps leading indentation and real changes', () => {
    expect(normalizeMarkdown('    code\n  - nested')).toBe('    code\n  - nested');
    expect(contentHash('a')).not.toBe(contentHash('b'));
    expect(contentHash('a')).toMatch(/^[0-9a-f]{64}$/);
  });
});
