import { tmpdir } from 'node:os';
import {
  anyOption,
  Billing,
  integerOption,
  methodsOption,
  ModuleOptionsError,
  type OptionRules,
  resolveOptions,
  stringOption,
  type WebhookSigningSecrets,
  type SettingsBeforeBilling,
} from '@quarry/core';
import {
  DEFAULT_CHUNK_CONCURRENCY,
  DEFAULT_MAX_CHUNK_SECONDS,
} from './infrastructure/media/ffmpeg.media-transcriber';
import type { OpenAiSpeechToTextOptions } from './infrastructure/speech-to-text/openai.speech-to-text';
import type { VideoOrigins } from './platforms/platform-origins';
import type { MediaTranscriber } from './ports/media-transcriber';
import type { SpeechToText } from './ports/speech-to-text';
import type { VideoSources } from './ports/video-sources';

/** VideoModule options; every value is checked when the module boots. */
export interface VideoModuleOptions {
  /**
   * Replacement origins per platform, e.g. `{ youtube: 'http://127.0.0.1:9000' }`: every request the
   * platform's adapter would send to the platform's hosts goes there with the same path and query.
   * For tests and self-hosted mirrors; results still name the platform's public URLs. @default {}
   */
  origins?: VideoOrigins;
  /** Recognises video URLs and reads the platforms. @default the YouTube, TikTok and Instagram adapters */
  sources?: VideoSources;
  /**
   * An OpenAI-compatible speech-to-text provider (`{ url, apiKey?, model, maxUploadBytes?, timeoutMs? }`);
   * without it (or `speechToText`) transcripts come from captions only. Its URL is operator
   * configuration, so a private host is allowed.
   */
  stt?: OpenAiSpeechToTextOptions;
  /** Your own speech-to-text provider, instead of `stt`. */
  speechToText?: SpeechToText;
  /**
   * The longest piece of audio sent in one speech-to-text request, in seconds (shorter when the
   * provider's upload limit asks). Pieces are cut at pauses. A slow self-hosted recogniser wants
   * short pieces: each request then ends within its timeout, and a retry has less to send again.
   * @default 600
   */
  sttChunkSeconds?: number;
  /** Pieces of one job's audio sent to the provider at once. @default 1 */
  sttConcurrency?: number;
  /** Your own media transcriber, instead of ffmpeg with the speech-to-text provider. */
  mediaTranscriber?: MediaTranscriber;
  /** The ffmpeg executable that takes the audio out of the media. @default 'ffmpeg' (from PATH) */
  ffmpegPath?: string;
  /** The ffprobe executable that measures the audio. @default 'ffprobe' (from PATH) */
  ffprobePath?: string;
  /** Where media and audio chunks are written while a job runs; each job's files are removed when it ends. @default the OS temp dir */
  tempDir?: string;
  /** Who pays for transcripts. @default the app's `Billing` (`AccountsModule` provides one), else `FreeBilling` */
  billing?: Billing;
  /**
   * Who signs the callbacks of video jobs. @default the app's: `AccountsModule`'s per-account secrets;
   * an app with a job queue and neither fails its boot naming this option
   */
  webhookSecrets?: WebhookSigningSecrets;
  /** Credits for a transcript from the platform's captions; 0 is free. @default 1 */
  captionPrice?: number;
  /** Credits for a transcript served from the cache; 0 is free. @default 1 */
  cachedPrice?: number;
  /** Credits per started minute of audio transcribed for a fresh generated transcript; 0 is free. @default 4 */
  generatedPricePerMinute?: number;
  /** Longest video whose audio is transcribed (captions have no limit); longer is `TOO_LONG`. @default 10800 (3 h) */
  maxDurationSeconds?: number;
  /**
   * Longest a media download may take in all, however steadily it trickles in; past it the
   * download is cut and the job fails with `TIMEOUT`. @default 60 s plus an eighth of
   * `maxDurationSeconds` (`defaultMediaDownloadTimeoutMs`): 1410000 (23.5 min) for 3 h
   */
  mediaDownloadTimeoutMs?: number;
  /** How long a transcript is served from the cache, in milliseconds. @default 604800000 (7 days) */
  cacheTtlMs?: number;
  /** Jobs (and their results) are kept this long after submission, in milliseconds; at least 24 h. @default 86400000 (24 h) */
  jobRetentionMs?: number;
  /** Attempts of a job whose failure is transient (a platform or provider hiccup). @default 3 */
  attempts?: number;
  /** Base delay of the job's exponential backoff (with jitter), in milliseconds. @default 10000 */
  backoffMs?: number;
  /** Attempts to deliver a callback. @default 8 */
  callbackAttempts?: number;
  /** Base delay of the callback's exponential backoff (with jitter): 30 s spreads 8 attempts over about an hour. @default 30000 */
  callbackBackoffMs?: number;
  /** Jobs one worker process runs at once; each may run ffmpeg and hold a media file. @default 2 */
  concurrency?: number;
  /**
   * Jobs of one account one worker process runs at once, at most `concurrency`: a further job of
   * that account waits in the queue (its attempt unused) while other accounts' jobs run, so one
   * account cannot hold every worker. Set it to `concurrency` where one account is all there is.
   * @default half of `concurrency`, at least 1 (1 with the default concurrency of 2)
   */
  maxConcurrentJobsPerAccount?: number;
}

export const VIDEO_DEFAULTS = {
  origins: {},
  ffmpegPath: 'ffmpeg',
  ffprobePath: 'ffprobe',
  captionPrice: 1,
  cachedPrice: 1,
  generatedPricePerMinute: 4,
  maxDurationSeconds: 3 * 60 * 60,
  cacheTtlMs: 7 * 24 * 60 * 60 * 1000,
  jobRetentionMs: 24 * 60 * 60 * 1000,
  attempts: 3,
  backoffMs: 10_000,
  callbackAttempts: 8,
  callbackBackoffMs: 30_000,
  concurrency: 2,
  sttChunkSeconds: DEFAULT_MAX_CHUNK_SECONDS,
  sttConcurrency: DEFAULT_CHUNK_CONCURRENCY,
} satisfies VideoModuleOptions;

/** The options with their defaults applied; inject with `@Inject(VIDEO_SETTINGS)`. */
export type VideoSettings = typeof VIDEO_DEFAULTS &
  Pick<VideoModuleOptions, 'sources' | 'stt' | 'speechToText' | 'mediaTranscriber' | 'webhookSecrets'> & {
    tempDir: string;
    billing: Billing;
    mediaDownloadTimeoutMs: number;
    maxConcurrentJobsPerAccount: number;
  };
export const VIDEO_SETTINGS = Symbol('VideoSettings');

const MIN_JOB_RETENTION_MS = 24 * 60 * 60 * 1000;
// Shorter pieces would be mostly their edges: a cut moves up to a fifth of a piece to find a pause.
const MIN_STT_CHUNK_SECONDS = 10;

// The default download deadline assumes media of at most 256 kbit/s (YouTube's audio streams stay
// well under it) arriving at no less than 2048 kbit/s: each second of media then takes an eighth of
// a second to fetch. The base covers connecting, redirects and a slow start.
const MEDIA_BITS_PER_SECOND = 256_000;
const FLOOR_TRANSFER_BITS_PER_SECOND = 2_048_000;
const DOWNLOAD_BASE_MS = 60_000;

/** The download deadline that lets the longest audio transcribed arrive at the floor rate: 60 s + maxDurationSeconds / 8. */
export function defaultMediaDownloadTimeoutMs(maxDurationSeconds: number): number {
  return (
    DOWNLOAD_BASE_MS +
    Math.ceil((maxDurationSeconds * 1000 * MEDIA_BITS_PER_SECOND) / FLOOR_TRANSFER_BITS_PER_SECOND)
  );
}

const VIDEO_OPTION_RULES: OptionRules<VideoModuleOptions> = {
  origins: anyOption,
  sources: anyOption,
  stt: anyOption,
  speechToText: anyOption,
  sttChunkSeconds: integerOption(MIN_STT_CHUNK_SECONDS),
  sttConcurrency: integerOption(1, 64),
  mediaTranscriber: anyOption,
  ffmpegPath: stringOption(),
  ffprobePath: stringOption(),
  tempDir: stringOption(),
  billing: methodsOption('reserve', 'charge', 'release', 'requireBalance'),
  webhookSecrets: methodsOption('signingSecrets'),
  captionPrice: integerOption(0),
  cachedPrice: integerOption(0),
  generatedPricePerMinute: integerOption(0),
  maxDurationSeconds: integerOption(1),
  mediaDownloadTimeoutMs: integerOption(1),
  cacheTtlMs: integerOption(1),
  jobRetentionMs: integerOption(MIN_JOB_RETENTION_MS),
  attempts: integerOption(1),
  backoffMs: integerOption(1),
  callbackAttempts: integerOption(1),
  callbackBackoffMs: integerOption(1),
  concurrency: integerOption(1),
  maxConcurrentJobsPerAccount: integerOption(1),
};

const STT_OPTION_RULES: OptionRules<OpenAiSpeechToTextOptions> = {
  url: stringOption(/^https?:\/\//i, 'an http(s) URL'),
  apiKey: stringOption(),
  model: stringOption(),
  maxUploadBytes: integerOption(1),
  timeoutMs: integerOption(1),
};

/**
 * Defaults applied and every value checked; throws on the first invalid one so the app does not
 * start. `origins` are checked where they are used, when the module builds its platforms at boot;
 * `billing` stays as given: the module picks it with `billingOf`.
 */
export function resolveVideoSettings(options: VideoModuleOptions = {}): SettingsBeforeBilling<VideoSettings> {
  const defaults = {
    ...VIDEO_DEFAULTS,
    tempDir: tmpdir(),
    mediaDownloadTimeoutMs: defaultMediaDownloadTimeoutMs(
      options.maxDurationSeconds ?? VIDEO_DEFAULTS.maxDurationSeconds,
    ),
    maxConcurrentJobsPerAccount: Math.max(
      1,
      Math.floor((options.concurrency ?? VIDEO_DEFAULTS.concurrency) / 2),
    ),
  };
  const settings = resolveOptions('VideoModule', defaults, options, VIDEO_OPTION_RULES);
  if (settings.maxConcurrentJobsPerAccount > settings.concurrency)
    throw new ModuleOptionsError(
      `VideoModule: option maxConcurrentJobsPerAccount (${settings.maxConcurrentJobsPerAccount}) cannot exceed concurrency (${settings.concurrency}).`,
    );
  if (settings.stt) resolveOptions('VideoModule stt', {}, settings.stt, STT_OPTION_RULES);
  if (settings.stt && settings.speechToText)
    throw new ModuleOptionsError('VideoModule: takes stt or speechToText, not both.');
  return settings;
}
