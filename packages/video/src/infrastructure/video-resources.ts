import { OnApplicationShutdown } from '@nestjs/common';
import type { MediaTranscriber } from '../ports/media-transcriber';
import type { SpeechToText } from '../ports/speech-to-text';
import type { VideoSources } from '../ports/video-sources';
import { createVideoSources } from '../platforms/create-video-sources';
import type { VideoSettings } from '../video-options.interface';
import { FfmpegMediaTranscriber } from './media/ffmpeg.media-transcriber';
import { OpenAiSpeechToText } from './speech-to-text/openai.speech-to-text';

interface Closable {
  close(): Promise<void>;
}

/**
 * The platforms and the transcriber the jobs use: the app's own when it passed them, else built
 * from the options (the platform adapters with their replacement origins; ffmpeg with the
 * OpenAI-compatible provider). Closes at shutdown only what it built.
 */
export class VideoResources implements OnApplicationShutdown {
  private constructor(
    readonly sources: VideoSources,
    /** Null without a speech-to-text provider: transcripts come from captions only. */
    readonly transcriber: MediaTranscriber | null,
    private readonly built: Closable[],
  ) {}

  /** Fails, naming how to install it, when a provider is configured and ffmpeg or ffprobe cannot run. */
  static async create(settings: VideoSettings): Promise<VideoResources> {
    const built: Closable[] = [];
    const own = <T extends Closable>(resource: T): T => (built.push(resource), resource);
    try {
      const sources = settings.sources ?? own(createVideoSources({ origins: settings.origins }));
      return new VideoResources(sources, await transcriberOf(settings, own), built);
    } catch (error) {
      await closeAll(built);
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await closeAll(this.built);
  }
}

async function closeAll(resources: Closable[]): Promise<void> {
  await Promise.allSettled(resources.map((resource) => resource.close()));
}

async function transcriberOf(
  settings: VideoSettings,
  own: <T extends Closable>(resource: T) => T,
): Promise<MediaTranscriber | null> {
  if (settings.mediaTranscriber) return settings.mediaTranscriber;
  const speechToText: SpeechToText | undefined =
    settings.speechToText ?? (settings.stt && own(new OpenAiSpeechToText(settings.stt)));
  if (!speechToText) return null;
  const transcriber = new FfmpegMediaTranscriber(speechToText, {
    ffmpegPath: settings.ffmpegPath,
    ffprobePath: settings.ffprobePath,
    tempDir: settings.tempDir,
    maxChunkSeconds: settings.sttChunkSeconds,
    concurrency: settings.sttConcurrency,
  });
  await transcriber.checkTools();
  return transcriber;
}
