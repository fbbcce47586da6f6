export {
  VIDEO_PLATFORMS,
  type CaptionTrack,
  type TranscriptSegment,
  type VideoAuthor,
  type VideoDetails,
  type VideoMetadata,
  type VideoPlatformName,
  type VideoRef,
} from './domain/video';
export { VideoError, type VideoErrorCode } from './domain/video.error';
export { VideoPlatform } from './ports/video-platform';
export { SpeechToText, type SpeechToTextRequest, type SpeechToTextResult } from './ports/speech-to-text';
export { VideoSources } from './ports/video-sources';
export {
  MediaTranscriber,
  type MediaTranscript,
  type MediaTranscriptionOptions,
} from './ports/media-transcriber';
export {
  OpenAiSpeechToText,
  type OpenAiSpeechToTextOptions,
} from './infrastructure/speech-to-text/openai.speech-to-text';
export {
  FfmpegMediaTranscriber,
  type FfmpegMediaTranscriberOptions,
} from './infrastructure/media/ffmpeg.media-transcriber';
