import { openAsBlob } from 'node:fs';
import { basename, extname } from 'node:path';
import { Agent, fetch, FormData } from 'undici';
import { SpeechToText, type SpeechToTextRequest, type SpeechToTextResult } from '../../ports/speech-to-text';
import { transcriptionFailed } from './transcription-failed';
import { parseVerboseJson, providerReason } from './verbose-json';
import { languageCode } from './whisper-languages';

export interface OpenAiSpeechToTextOptions {
  /**
   * The provider's base URL; requests go to `{url}/v1/audio/transcriptions` (OpenAI
   * `https://api.openai.com`, Groq `https://api.groq.com/openai`, a local server
   * `http://127.0.0.1:8000`). Operator configuration, so not held to the public-URL policy.
   */
  url: string;
  /** Sent as `Authorization: Bearer`; local servers usually need none. */
  apiKey?: string;
  /** `whisper-1` (OpenAI), `whisper-large-v3` (Groq), or the model name the server knows. */
  model: string;
  /** The largest file the provider accepts. @default 26214400 (25 MiB, OpenAI's and Groq's limit) */
  maxUploadBytes?: number;
  /** Deadline of one request, from the first byte sent to the last byte of the answer. @default 600000 */
  timeoutMs?: number;
}

export const DEFAULT_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export const DEFAULT_TRANSCRIPTION_TIMEOUT_MS = 600_000;

// OpenAI and Groq tell the format from the file name; the type is for servers that look at it.
const AUDIO_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.webm': 'audio/webm',
};

/**
 * Speech-to-text through an OpenAI-compatible `POST /v1/audio/transcriptions` (OpenAI, Groq,
 * speaches/faster-whisper-server, whisper.cpp's server, LocalAI): the file is streamed from disk as
 * multipart `file`, with `model`, `language`, `response_format=verbose_json` and
 * `timestamp_granularities[]=segment`. A rate limit, a server error, a timeout or an unreachable
 * provider is a transient TRANSCRIPTION_FAILED; any other refusal or a malformed answer is final.
 */
export class OpenAiSpeechToText extends SpeechToText {
  readonly maxUploadBytes: number;
  private readonly endpoint: string;
  private readonly apiKey: string | undefined;
  private readonly model: string;
  private readonly timeoutMs: number;
  private readonly agent: Agent;

  constructor(options: OpenAiSpeechToTextOptions) {
    super();
    this.endpoint = endpointOf(options.url);
    if (!options.model) throw new Error('model must name the speech-to-text model.');
    this.model = options.model;
    this.apiKey = options.apiKey || undefined;
    this.maxUploadBytes = positiveInteger(
      'maxUploadBytes',
      options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    );
    this.timeoutMs = positiveInteger('timeoutMs', options.timeoutMs ?? DEFAULT_TRANSCRIPTION_TIMEOUT_MS);
    // undici's own header and body timeouts (300 s) would cut a long transcription short.
    this.agent = new Agent({ headersTimeout: this.timeoutMs, bodyTimeout: this.timeoutMs });
  }

  async transcribe({ file, language, signal }: SpeechToTextRequest): Promise<SpeechToTextResult> {
    signal?.throwIfAborted();
    const audio = await openAsBlob(file, { type: AUDIO_TYPES[extname(file).toLowerCase()] ?? '' });
    if (audio.size > this.maxUploadBytes) {
      throw transcriptionFailed(
        `The audio chunk (${audio.size} bytes) is larger than the provider's limit of ${this.maxUploadBytes} bytes.`,
        false,
      );
    }
    const form = new FormData();
    form.append('file', audio, basename(file));
    form.append('model', this.model);
    // Whisper takes a bare ISO 639-1 code (`pt`, not `pt-BR`).
    const code = language ? languageCode(language) : null;
    if (code) form.append('language', code);
    form.append('response_format', 'verbose_json');
    form.append('timestamp_granularities[]', 'segment');

    const deadline = AbortSignal.timeout(this.timeoutMs);
    let status: number;
    let body: string;
    try {
      const response = await fetch(this.endpoint, {
        method: 'POST',
        body: form,
        headers: this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {},
        signal: signal ? AbortSignal.any([deadline, signal]) : deadline,
        dispatcher: this.agent,
      });
      status = response.status;
      body = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (deadline.aborted) {
        throw transcriptionFailed(
          `The speech-to-text provider did not answer within ${this.timeoutMs} ms.`,
          true,
          error,
        );
      }
      throw transcriptionFailed(
        `The speech-to-text provider could not be reached (${failureCode(error)}).`,
        true,
        error,
      );
    }
    if (status < 200 || status > 299) {
      const reason = providerReason(body);
      throw transcriptionFailed(
        `The speech-to-text provider answered HTTP ${status}${reason ? `: ${reason}` : '.'}`,
        status === 408 || status === 429 || status >= 500,
      );
    }
    return parseVerboseJson(body);
  }

  /** Closes idle connections to the provider and waits for requests in flight. */
  async close(): Promise<void> {
    await this.agent.close();
  }
}

function endpointOf(url: string): string {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new Error(`url must be the provider's http(s) base URL, got "${url}".`);
  }
  return `${url.replace(/\/+$/, '')}/v1/audio/transcriptions`;
}

function failureCode(error: unknown): string {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const code = (cause as { code?: unknown })?.code;
  if (typeof code === 'string') return code;
  return cause instanceof Error ? cause.message : String(cause);
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer, got ${value}.`);
  }
  return value;
}
