/** Lower-case words without punctuation: what word error rates are counted on. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .split(/\s+/)
    .filter((word) => word);
}

/** How `heard` differs from `said`, word by word: the edits of the cheapest alignment. */
export interface WordEdits {
  substitutions: number;
  /** Words said and not heard: lost. */
  deletions: number;
  /** Words heard and not said: doubled or made up. */
  insertions: number;
}

/** The word-level edit distance of `heard` from `said`, by kind of edit (Levenshtein alignment). */
export function wordEdits(said: string[], heard: string[]): WordEdits {
  type Cell = WordEdits & { cost: number };
  let previous: Cell[] = heard.map((_, j) => ({ cost: j, substitutions: 0, deletions: 0, insertions: j }));
  previous.push({ cost: heard.length, substitutions: 0, deletions: 0, insertions: heard.length });
  for (let i = 1; i <= said.length; i += 1) {
    const current: Cell[] = [{ cost: i, substitutions: 0, deletions: i, insertions: 0 }];
    for (let j = 1; j <= heard.length; j += 1) {
      const same = said[i - 1] === heard[j - 1];
      const diagonal = previous[j - 1];
      const options: Cell[] = [
        {
          ...diagonal,
          cost: diagonal.cost + (same ? 0 : 1),
          substitutions: diagonal.substitutions + (same ? 0 : 1),
        },
        { ...previous[j], cost: previous[j].cost + 1, deletions: previous[j].deletions + 1 },
        { ...current[j - 1], cost: current[j - 1].cost + 1, insertions: current[j - 1].insertions + 1 },
      ];
      current.push(options.reduce((best, option) => (option.cost < best.cost ? option : best)));
    }
    previous = current;
  }
  const { substitutions, deletions, insertions } = previous[heard.length];
  return { substitutions, deletions, insertions };
}

/** Word error rate of `heard` against `said`, in percent: (S + D + I) / N * 100. */
export function wordErrorRate(said: string[], heard: string[]): number {
  const { substitutions, deletions, insertions } = wordEdits(said, heard);
  return ((substitutions + deletions + insertions) / said.length) * 100;
}
