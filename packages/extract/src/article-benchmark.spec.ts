import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { extract } from './extract';

// An article-extraction benchmark directory (html/, ground-truth.json, score.mjs), when one is given.
const benchDir = resolve(process.env.QUARRY_BENCH_DIR ?? '');
const SAMPLE = 20;
const F1_FLOOR = 0.96;

const describeWithBenchmark =
  process.env.QUARRY_BENCH_DIR && existsSync(join(benchDir, 'score.mjs')) ? describe : describe.skip;

describeWithBenchmark('article-extraction benchmark sample', () => {
  let workDir: string;
  beforeAll(() => {
    workDir = mkdtempSync(join(tmpdir(), 'quarry-extract-bench-'));
  });
  afterAll(() => rmSync(workDir, { recursive: true, force: true }));

  it(`keeps F1 over the first ${SAMPLE} pages above ${F1_FLOOR}`, () => {
    const truth = JSON.parse(readFileSync(join(benchDir, 'ground-truth.json'), 'utf8')) as Record<
      string,
      { url: string }
    >;
    const ids = readdirSync(join(benchDir, 'html'))
      .filter((file) => file.endsWith('.html.gz'))
      .sort()
      .slice(0, SAMPLE)
      .map((file) => file.replace(/\.html\.gz$/, ''));

    const predictions: Record<string, { markdown: string }> = {};
    const sampleTruth: Record<string, unknown> = {};
    for (const id of ids) {
      const html = gunzipSync(readFileSync(join(benchDir, 'html', `${id}.html.gz`))).toString('utf8');
      predictions[id] = { markdown: extract(html, { url: truth[id].url }).markdown };
      sampleTruth[id] = truth[id];
    }
    const truthPath = join(workDir, 'truth.json');
    const predictionsPath = join(workDir, 'predictions.json');
    writeFileSync(truthPath, JSON.stringify(sampleTruth));
    writeFileSync(predictionsPath, JSON.stringify(predictions));

    // score.mjs is ESM; run it in a child Node so the official metric is used unchanged.
    const script = `import { score } from ${JSON.stringify(join(benchDir, 'score.mjs'))};
      import { readFileSync } from 'node:fs';
      const r = score(JSON.parse(readFileSync(process.argv[1], 'utf8')), process.argv[2]);
      console.log(JSON.stringify({ f1: r.f1, precision: r.precision, recall: r.recall }));`;
    const output = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', script, predictionsPath, truthPath],
      { encoding: 'utf8' },
    );
    const result = JSON.parse(output) as { f1: number };
    expect(result.f1).toBeGreaterThan(F1_FLOOR);
  });
});
