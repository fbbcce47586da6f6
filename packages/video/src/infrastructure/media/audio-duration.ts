import { transcriptionFailed } from '../speech-to-text/transcription-failed';
import { explainMediaFailure, progressSeconds, runMediaTool, type MediaTools } from './media-tool';

/**
 * Seconds of the first audio track of `mediaFile`: what ffprobe reads from the track or the
 * container, or, where neither says (a live recording's WebM), what decoding the track measures.
 * A file that is not media, or has no audio track, is TRANSCRIPTION_FAILED.
 */
export async function audioDuration(
  tools: MediaTools,
  mediaFile: string,
  signal?: AbortSignal,
): Promise<number> {
  const probe = await runMediaTool(
    tools.ffprobePath,
    [
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'stream=duration:format=duration',
      '-of',
      'json',
      mediaFile,
    ],
    signal,
  ).catch(explainMediaFailure('The media could not be read'));
  const { streams = [], format = {} } = JSON.parse(probe) as {
    streams?: { duration?: string }[];
    format?: { duration?: string };
  };
  if (streams.length === 0) throw transcriptionFailed('The media has no audio track to transcribe.', false);
  const seconds = Number(streams[0].duration ?? format.duration);
  if (Number.isFinite(seconds) && seconds > 0) return seconds;
  return decodedDuration(tools, mediaFile, signal);
}

async function decodedDuration(tools: MediaTools, mediaFile: string, signal?: AbortSignal): Promise<number> {
  const progress = await runMediaTool(
    tools.ffmpegPath,
    ['-nostdin', '-v', 'error', '-i', mediaFile, '-map', '0:a:0', '-f', 'null', '-progress', 'pipe:1', '-'],
    signal,
  ).catch(explainMediaFailure("The media's audio could not be decoded"));
  const seconds = progressSeconds(progress);
  if (seconds > 0) return seconds;
  throw transcriptionFailed('The media has no audio that can be decoded.', false);
}
