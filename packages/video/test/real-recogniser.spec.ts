import {
  PocketsphinxServer,
  plainSentences,
  spokenPassage,
  type SpokenPassage,
  wordErrorRate,
  wordsOf,
} from '@quarry/testing';
import { type AudioRange, FfmpegMediaTranscriber, type MediaTranscript, OpenAiSpeechToText } from '../src';

// A real recogniser: CMU PocketSphinx with its en-us model (Debian packages pocketsphinx and
// pocketsphinx-en-us, which `npm run setup` installs) behind an OpenAI-compatible endpoint, on
// flite speech of known sentences. `npm run bench:stt` runs the same on a 12-minute file.
jest.setTimeout(300_000);

const PIECE_SECONDS = 20;

describe('speech-to-text through Quarry with a real recogniser', () => {
  let passage: SpokenPassage;
  let recogniser: PocketsphinxServer;
  let stt: OpenAiSpeechToText;
  let said: string[];
  let direct: string[];
  let transcript: MediaTranscript;
  const pieces: AudioRange[] = [];

  beforeAll(async () => {
    if (!(await PocketsphinxServer.available()))
      throw new Error('pocketsphinx_continuous is not installed; `npm run setup` installs it');
    // About 80 s of speech: four pieces or more.
    passage = await spokenPassage(plainSentences(24));
    said = wordsOf(passage.sentences.map((sentence) => sentence.text).join(' '));
    recogniser = await PocketsphinxServer.start();
    stt = new OpenAiSpeechToText({ url: recogniser.url, model: 'pocketsphinx' });
    direct = (await recogniser.recognise(passage.file)).map((heard) => heard.word);
    transcript = await new FfmpegMediaTranscriber(stt, { maxChunkSeconds: PIECE_SECONDS }).transcribe(
      passage.file,
      { transcribed: { get: async () => null, put: async (range) => void pieces.push(range) } },
    );
    pieces.sort((a, b) => a.startMs - b.startMs);
  });

  afterAll(async () => {
    await stt?.close();
    await recogniser?.close();
  });

  it('recognises as well as the recogniser does on the original audio (word error rate within 1 point)', () => {
    const heard = wordsOf(transcript.segments.map((segment) => segment.text).join(' '));
    expect(pieces.length).toBeGreaterThanOrEqual(4);
    expect(wordErrorRate(said, heard)).toBeLessThanOrEqual(wordErrorRate(said, direct) + 1);
  });

  it('cuts only in the pauses between sentences, so no word is split, lost or doubled at a seam', () => {
    expect(pieces[0].startMs).toBe(0);
    expect(pieces.at(-1)!.endMs).toBeNull();
    for (const [index, piece] of pieces.slice(1).entries()) expect(piece.startMs).toBe(pieces[index].endMs);
    const seams = pieces.slice(0, -1).map((piece) => piece.endMs! / 1000);
    const inSpeech = seams.filter((seam) =>
      passage.sentences.some((sentence) => sentence.startSeconds < seam && seam < sentence.endSeconds),
    );
    expect(inSpeech).toEqual([]);
  });
});
