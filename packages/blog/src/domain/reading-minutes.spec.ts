import { readingMinutes, WORDS_PER_MINUTE } from './reading-minutes';

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

describe('readingMinutes', () => {
  it('rounds the minutes at 225 words a minute up', () => {
    expect(readingMinutes(words(WORDS_PER_MINUTE))).toBe(1);
    expect(readingMinutes(words(WORDS_PER_MINUTE + 1))).toBe(2);
    expect(readingMinutes(words(WORDS_PER_MINUTE * 4))).toBe(4);
  });

  it('is at least one minute, even for an empty body', () => {
    expect(readingMinutes('')).toBe(1);
  });

  it('does not count Markdown markup as words', () => {
    const markup = `## \n\n---\n\n> \n\n${'- * | --- |\n'.repeat(300)}`;
    expect(readingMinutes(`${markup}${words(WORDS_PER_MINUTE)}`)).toBe(1);
  });
});
