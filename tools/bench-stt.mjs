// Word error rate of speech-to-text through Quarry against a real recogniser on the same audio.
//
// flite speaks plain English sentences (known words at known times) into one WAV file; CMU
// PocketSphinx (Debian: apt-get install pocketsphinx pocketsphinx-en-us flite) recognises it
// directly, then through Quarry's FfmpegMediaTranscriber and OpenAiSpeechToText with the recogniser
// behind an OpenAI-compatible /v1/audio/transcriptions. Printed: the WER of each against the text
// said, and at every seam between two pieces the words lost or doubled there, counted on the two
// sentences either side of it against what the recogniser heard on the uncut audio.
//
//   npm run bench:stt -- [--minutes 12] [--chunk-seconds 60] [--concurrency 2]
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'packages/video/package.json'));
const { FfmpegMediaTranscriber, OpenAiSpeechToText } = require('@quarry/video');
const {
  PocketsphinxServer,
  plainSentences,
  spokenPassage,
  wordEdits,
  wordErrorRate,
  wordsOf,
} = require('@quarry/testing');

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '12' },
    'chunk-seconds': { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '2' },
  },
});
const chunkSeconds = Number(values['chunk-seconds']);

if (!(await PocketsphinxServer.available())) {
  console.error(
    'pocketsphinx_continuous is not installed: apt-get install pocketsphinx pocketsphinx-en-us flite',
  );
  process.exit(1);
}

// A flite sentence with its gap lasts about 3.3 s.
const sentences = plainSentences(Math.round((Number(values.minutes) * 60) / 3.3));
let started = performance.now();
const passage = await spokenPassage(sentences);
console.log(
  `${sentences.length} sentences, ${passage.durationSeconds.toFixed(1)} s of speech ` +
    `(made in ${((performance.now() - started) / 1000).toFixed(0)} s); ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`,
);

const recogniser = await PocketsphinxServer.start();
const stt = new OpenAiSpeechToText({ url: recogniser.url, model: 'pocketsphinx', timeoutMs: 3_600_000 });
try {
  started = performance.now();
  const uncut = await recogniser.recognise(passage.file);
  const directSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const transcriber = new FfmpegMediaTranscriber(stt, {
    maxChunkSeconds: chunkSeconds,
    concurrency: Number(values.concurrency),
  });
  const pieces = [];
  const transcript = await transcriber.transcribe(passage.file, {
    transcribed: { get: async () => null, put: async (range) => void pieces.push(range) },
  });
  const quarrySeconds = (performance.now() - started) / 1000;

  const said = wordsOf(sentences.join(' '));
  const direct = uncut.map((heard) => heard.word);
  const quarry = wordsOf(transcript.segments.map((segment) => segment.text).join(' '));
  const line = (name, heard, seconds) => {
    const edits = wordEdits(said, heard);
    console.log(
      `${name.padEnd(34)} WER ${wordErrorRate(said, heard).toFixed(2).padStart(6)} %  ` +
        `(S ${edits.substitutions}, D ${edits.deletions}, I ${edits.insertions}; ${said.length} words)  ${seconds.toFixed(0)} s`,
    );
  };
  line('recogniser on the original audio', direct, directSeconds);
  line(`through Quarry (${pieces.length} pieces of <= ${chunkSeconds} s)`, quarry, quarrySeconds);

  // At each seam: the sentence that ends before it and the one after, as the recogniser heard them
  // uncut and as Quarry's segments carry them.
  const seams = pieces.filter((range) => range.endMs !== null).map((range) => range.endMs / 1000);
  const wordsIn = (from, to) => ({
    uncut: uncut
      .filter((heard) => heard.startSeconds >= from && heard.startSeconds < to)
      .map((heard) => heard.word),
    quarry: wordsOf(
      transcript.segments
        .filter((segment) => segment.startMs / 1000 >= from && segment.startMs / 1000 < to)
        .map((segment) => segment.text)
        .join(' '),
    ),
  });
  let lost = 0;
  let doubled = 0;
  let insideSpeech = 0;
  for (const seam of seams) {
    const before = passage.sentences.filter((sentence) => sentence.startSeconds < seam).at(-1);
    const after = passage.sentences.find((sentence) => sentence.startSeconds >= seam);
    if (before && seam < before.endSeconds) insideSpeech += 1;
    const from = before ? before.startSeconds - 0.3 : 0;
    const to = after ? after.endSeconds + 0.3 : passage.durationSeconds;
    const words = wordsIn(from, to);
    const edits = wordEdits(words.uncut, words.quarry);
    lost += edits.deletions;
    doubled += edits.insertions;
  }
  console.log(
    `${seams.length} seams: ${insideSpeech} inside a sentence; against the uncut recognition, ` +
      `${lost} words lost and ${doubled} doubled or added in the sentences either side of them`,
  );
} finally {
  await stt.close();
  await recogniser.close();
}
