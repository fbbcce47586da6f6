import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { Clock, PaymentRequiredError, type PricedWork } from '@quarry/core';
import { plainCaptionTranscript, transcriptText } from '../captions/plain-transcript';
import { MediaTranscriber, type MediaTranscript } from '../ports/media-transcriber';
import { TranscribedPieceStore } from '../ports/transcribed-pieces';
import { TranscriptCache, TranscriptCacheKey } from '../ports/transcript-cache';
import type { VideoPlatform } from '../ports/video-platform';
import { VideoSources } from '../ports/video-sources';
import { VIDEO_SETTINGS, type VideoSettings } from '../video-options.interface';
import { availableLanguages, baseLanguage, chooseCaptionTrack } from './caption-choice';
import type { CaptionTrack, TranscriptSegment, VideoDetails, VideoRef } from './video';
import { videoDurationSeconds } from './video-duration';
import { VideoError } from './video.error';
import type { VideoRequest } from './video-request';
import type { CachedVideoResult, TranscriptSource, VideoResult } from './video-result';

/** Who pays for one job's transcript, and how the job follows it. */
export interface VideoRun {
  accountId: string;
  /** The API key the job was submitted with; the charge is counted under it. */
  apiKeyId?: string;
  /** Makes the charge happen once however often the job runs (the job id). */
  referenceId: string;
  /** Credits held under `referenceId` before the job ran: what submission reserved. */
  held: number;
  signal?: AbortSignal;
  /** Percent done, 0..100, rising. */
  onProgress?: (percent: number) => void;
}

/** The ledger operation video transcripts are charged under. */
export const VIDEO_OPERATION = 'video';

/** Where each step leaves the progress, in percent. */
const PROGRESS = { resolved: 5, details: 15, captions: 90, downloaded: 35, transcribed: 95 };

/** What a fresh transcript cost and which cache keys it answers. */
interface Made {
  result: CachedVideoResult;
  credits: number;
  cacheKeys: TranscriptCacheKey[];
}

/**
 * A video request to its transcript (docs/api.md §7): the video resolved, the cache consulted, then the
 * platform's captions or speech-to-text of its audio by the request's mode. Charges only on success,
 * once per `referenceId`, against the hold the job made at submission: a price above that hold is
 * reserved before the work it pays for (so an account that cannot pay fails with `PAYMENT_REQUIRED`
 * and nothing is charged), and a price below it gives the rest back.
 */
@Injectable()
export class VideoProcessor {
  constructor(
    @Inject(VIDEO_SETTINGS) private readonly settings: VideoSettings,
    private readonly sources: VideoSources,
    private readonly cache: TranscriptCache,
    private readonly clock: Clock,
    private readonly pieces: TranscribedPieceStore,
    // Null when no speech-to-text provider is configured: transcripts come from captions only.
    @Inject(MediaTranscriber) private readonly transcriber: MediaTranscriber | null,
  ) {}

  /** Throws `VideoError`s for what the video or the platform decided; other errors are failures worth retrying. */
  async process(request: VideoRequest, run: VideoRun): Promise<VideoResult> {
    const progress = rising(run.onProgress);
    const ref = await this.sources.resolve(request.url, run.signal);
    progress(PROGRESS.resolved);
    const cached = await this.fromCache(
      request,
      ref,
      request.mode === 'generate' ? 'generated' : 'captions',
      run,
    );
    if (cached) return cached;
    const platform = this.sources.platform(ref.platform);
    const details = await platform.details(ref, run.signal);
    progress(PROGRESS.details);
    const captions = await this.fromCaptions(request, platform, details, run, progress);
    let made: Made;
    if (!(captions instanceof VideoError)) made = captions;
    else if (request.mode === 'native') throw captions;
    else {
      // Speech-to-text, unless a transcript generated earlier serves as well.
      const generated = await this.fromCache(request, ref, 'generated', run);
      if (generated) return generated;
      made = await this.fromAudio(request, platform, details, run, progress, captions);
    }
    await this.cache.set(made.cacheKeys, made.result, this.settings.cacheTtlMs);
    return { ...made.result, url: request.url, cached: false, credits: made.credits };
  }

  private async fromCache(
    request: VideoRequest,
    ref: VideoRef,
    source: TranscriptSource,
    run: VideoRun,
  ): Promise<VideoResult | undefined> {
    if (request.forceFresh) return undefined;
    const cached = await this.cache.get(cacheKey(ref, request.language, source));
    if (!cached) return undefined;
    await this.charge(run, this.settings.cachedPrice, request.url);
    // Earlier versions cached caption markup, and durations that were fractional or null.
    const transcript = plainCaptionTranscript(cached.transcript);
    return {
      ...cached,
      durationSeconds: videoDurationSeconds(cached.durationSeconds, null, transcript.segments),
      transcript,
      url: request.url,
      cached: true,
      credits: this.settings.cachedPrice,
    };
  }

  /**
   * The chosen caption track's transcript, or why there is none: no track (always so for `generate`),
   * an empty one, or one the platform refuses for good (say, one that needs a proof-of-origin
   * token). A refusal worth retrying fails the attempt instead.
   */
  private async fromCaptions(
    request: VideoRequest,
    platform: VideoPlatform,
    details: VideoDetails,
    run: VideoRun,
    progress: (percent: number) => void,
  ): Promise<Made | VideoError> {
    const track =
      request.mode === 'generate' ? undefined : chooseCaptionTrack(details.captionTracks, request.language);
    if (!track) return new VideoError('NO_CAPTIONS', 'The video has no captions.', request.url);
    let segments: TranscriptSegment[];
    try {
      segments = await platform.captions(track, run.signal);
    } catch (error) {
      if (error instanceof VideoError && !error.transient) return error;
      throw error;
    }
    if (segments.length === 0)
      return new VideoError('NO_CAPTIONS', 'The video has no usable captions.', request.url);
    progress(PROGRESS.captions);
    const price = this.settings.captionPrice;
    await this.charge(run, price, request.url);
    return {
      result: this.resultOf(details, track.languageCode, 'captions', segments, null),
      credits: price,
      cacheKeys: captionKeys(details, request.language, track),
    };
  }

  /**
   * Speech-to-text of the video's audio, paid per started minute transcribed (at most what was
   * reserved). The pieces transcribed are kept under the job until it is paid, so that a retry sends
   * only the rest.
   */
  private async fromAudio(
    request: VideoRequest,
    platform: VideoPlatform,
    details: VideoDetails,
    run: VideoRun,
    progress: (percent: number) => void,
    captionFailure: VideoError,
  ): Promise<Made> {
    const transcriber = this.transcriber;
    if (!transcriber || !details.mediaUrl) throw this.ungenerated(request, captionFailure, !transcriber);
    this.requireShortEnough(details.durationSeconds, request.url);
    const dir = await mkdtemp(join(this.settings.tempDir, 'quarry-video-'));
    try {
      const file = join(dir, 'media');
      await this.download(platform, details, file, run, request.url);
      progress(PROGRESS.downloaded);
      const seconds = await transcriber.audioSeconds(file, run.signal);
      this.requireShortEnough(seconds, request.url);
      const held = await this.hold(run, this.generatedPrice(seconds), request.url);
      let media: MediaTranscript;
      try {
        media = await transcriber.transcribe(file, {
          language: request.language && baseLanguage(request.language),
          signal: run.signal,
          transcribed: this.pieces.of(run.referenceId),
          onProgress: (fraction) =>
            progress(PROGRESS.downloaded + (PROGRESS.transcribed - PROGRESS.downloaded) * fraction),
        });
      } catch (error) {
        await this.settings.billing.release(held);
        throw error;
      }
      const credits = Math.min(this.generatedPrice(media.audioSeconds), held.price);
      await this.settle(held, credits, request.url);
      await this.pieces.forget(run.referenceId);
      return {
        result: this.resultOf(
          details,
          media.language ?? request.language ?? null,
          'generated',
          media.segments,
          seconds,
        ),
        credits,
        cacheKeys: generatedKeys(details.ref, request.language, media.language),
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Streams the media into `file`, cut with `TIMEOUT` at `mediaDownloadTimeoutMs` however steadily it arrives. */
  private async download(
    platform: VideoPlatform,
    details: VideoDetails,
    file: string,
    run: VideoRun,
    url: string,
  ): Promise<void> {
    const timeoutMs = this.settings.mediaDownloadTimeoutMs;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = run.signal ? AbortSignal.any([run.signal, deadline]) : deadline;
    try {
      await platform.downloadMedia(details, file, signal);
    } catch (error) {
      if (!deadline.aborted || run.signal?.aborted) throw error;
      throw new VideoError(
        'TIMEOUT',
        `The media did not finish downloading within ${timeoutMs / 1000} s.`,
        url,
      );
    }
  }

  /**
   * Why a transcript cannot be generated: a caption track the platform refused stands as the
   * reason (PLATFORM_BLOCKED for one that needs a token), else the missing provider or media.
   */
  private ungenerated(request: VideoRequest, captionFailure: VideoError, noProvider: boolean): VideoError {
    if (captionFailure.code !== 'NO_CAPTIONS') return captionFailure;
    if (noProvider)
      return new VideoError(
        'TRANSCRIPTION_UNAVAILABLE',
        request.mode === 'generate'
          ? 'Transcription needs a speech-to-text provider, and none is configured.'
          : `${captionFailure.message.replace(/\.$/, '')}, and no speech-to-text provider is configured.`,
        request.url,
      );
    return new VideoError('PLATFORM_ERROR', 'The platform offers no media to transcribe.', request.url);
  }

  private requireShortEnough(seconds: number | null, url: string): void {
    const max = this.settings.maxDurationSeconds;
    if (seconds !== null && seconds > max)
      throw new VideoError(
        'TOO_LONG',
        `The video is ${Math.ceil(seconds)} s long; transcribing its audio is limited to ${max} s.`,
        url,
      );
  }

  /** The price per started minute of `seconds` of audio; a transcription is at least one minute. */
  private generatedPrice(seconds: number): number {
    return Math.max(1, Math.ceil(seconds / 60)) * this.settings.generatedPricePerMinute;
  }

  /**
   * Makes sure the job holds `price`: the hold made at submission covers it, else that hold is
   * given back and `price` reserved instead (an account that cannot pay is `PAYMENT_REQUIRED` and
   * then holds nothing). Returns what the job holds.
   */
  private async hold(run: VideoRun, price: number, url: string): Promise<PricedWork> {
    const submitted = this.work(run, run.held);
    if (price <= run.held) return submitted;
    await this.settings.billing.release(submitted);
    const work = this.work(run, price);
    await this.settings.billing.reserve(work, this.settings.jobRetentionMs).catch(unpaid(price, url));
    return work;
  }

  /** Charges `credits` (at most what `held` holds), giving back the rest of the hold. */
  private async settle(held: PricedWork, credits: number, url: string): Promise<void> {
    if (credits > 0)
      await this.settings.billing.charge({ ...held, price: credits }).catch(unpaid(credits, url));
    else await this.settings.billing.release(held);
  }

  /** Work that is done once paid for: the price held and charged. */
  private async charge(run: VideoRun, price: number, url: string): Promise<void> {
    await this.settle(await this.hold(run, price, url), price, url);
  }

  private work(run: VideoRun, price: number): PricedWork {
    return {
      accountId: run.accountId,
      apiKeyId: run.apiKeyId,
      operation: VIDEO_OPERATION,
      referenceId: run.referenceId,
      price,
    };
  }

  private resultOf(
    details: VideoDetails,
    language: string | null,
    source: TranscriptSource,
    segments: TranscriptSegment[],
    mediaSeconds: number | null,
  ): CachedVideoResult {
    return {
      platform: details.ref.platform,
      platformId: details.ref.platformId,
      finalUrl: details.finalUrl,
      title: details.title,
      description: details.description,
      author: details.author,
      durationSeconds: videoDurationSeconds(details.durationSeconds, mediaSeconds, segments),
      thumbnailUrl: details.thumbnailUrl,
      publishedAt: details.publishedAt,
      transcript: {
        text: transcriptText(segments),
        language,
        availableLanguages: availableLanguages(details.captionTracks),
        source,
        segments,
      },
      processedAt: this.clock.now().toISOString(),
    };
  }
}

/** For `.catch`: an account that cannot pay `price` is the job's `PAYMENT_REQUIRED`; anything else passes. */
function unpaid(price: number, url: string): (error: unknown) => never {
  return (error) => {
    throw error instanceof PaymentRequiredError
      ? new VideoError(
          'PAYMENT_REQUIRED',
          `This transcript costs ${price} credit${price === 1 ? '' : 's'}; the balance is lower.`,
          url,
        )
      : error;
  };
}

/** Reports only rising whole percents. */
function rising(report?: (percent: number) => void): (percent: number) => void {
  let last = -1;
  return (percent) => {
    const whole = Math.min(100, Math.floor(percent));
    if (whole <= last) return;
    last = whole;
    report?.(whole);
  };
}

function cacheKey(ref: VideoRef, language: string | undefined, source: TranscriptSource): TranscriptCacheKey {
  return {
    platform: ref.platform,
    platformId: ref.platformId,
    language: language?.toLowerCase() ?? '',
    source,
  };
}

/**
 * The requests a caption transcript answers: the one made, and a request naming the track's
 * language when that request would choose the same track.
 */
function captionKeys(
  details: VideoDetails,
  language: string | undefined,
  track: CaptionTrack,
): TranscriptCacheKey[] {
  const keys = [cacheKey(details.ref, language, 'captions')];
  const own = track.languageCode.toLowerCase();
  if (own !== language?.toLowerCase() && chooseCaptionTrack(details.captionTracks, own) === track)
    keys.push(cacheKey(details.ref, own, 'captions'));
  return keys;
}

/** The requests a generated transcript answers: the one made, and, when it named no language, one naming the language heard. */
function generatedKeys(
  ref: VideoRef,
  language: string | undefined,
  heard: string | null,
): TranscriptCacheKey[] {
  const keys = [cacheKey(ref, language, 'generated')];
  if (!language && heard) keys.push(cacheKey(ref, heard, 'generated'));
  return keys;
}
