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
export { recogniseVideoUrl, type RecognisedVideoUrl } from './domain/video-url';
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
export {
  createVideoSources,
  DEFAULT_VIDEO_USER_AGENT,
  type VideoSourcesOptions,
} from './platforms/create-video-sources';
export { PlatformVideoSources } from './platforms/platform-video-sources';
export {
  PlatformHttp,
  type PlatformHttpSettings,
  type PlatformRequestOptions,
} from './platforms/platform-http';
export { PlatformOrigins, type VideoOrigins } from './platforms/platform-origins';
export { YouTubePlatform } from './platforms/youtube/youtube.platform';
export { TikTokPlatform } from './platforms/tiktok/tiktok.platform';
export { InstagramPlatform, INSTAGRAM_POST_DOC_ID } from './platforms/instagram/instagram.platform';
