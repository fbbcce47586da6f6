import { VideoError } from '../../domain/video.error';

/**
 * A TRANSCRIPTION_FAILED error. It is about the provider or the media, not about a URL the user
 * sent, so it names none: the job reports its own URL with it.
 */
export function transcriptionFailed(message: string, transient: boolean, cause?: unknown): VideoError {
  const error = new VideoError('TRANSCRIPTION_FAILED', message, '', transient);
  if (cause !== undefined) error.cause = cause;
  return error;
}
