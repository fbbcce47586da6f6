export { VideoModule } from './video.module';
export { VIDEO_MODULE_OPTIONS } from './video.module-definition';
export type { VideoModuleOptions } from './video-options.interface';
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
export { VIDEO_ERROR_CODES, VideoError, type VideoErrorCode } from './domain/video.error';
export { recogniseVideoUrl, type RecognisedVideoUrl } from './domain/video-url';
export { VIDEO_MODES, type VideoMode, type VideoRequest } from './domain/video-request';
export type { TranscriptSource, VideoResult, VideoTranscript } from './domain/video-result';
export { VIDEO_OPERATION } from './domain/video.processor';
export type { VideoCallback, VideoJob, VideoJobError, VideoJobStatus } from './jobs/video-job';
export { VideoJobsService, type VideoJobRequest } from './jobs/video-jobs.service';
export { VideoPlatform } from './ports/video-platform';
export { SpeechToText, type SpeechToTextRequest, type SpeechToTextResult } from './ports/speech-to-text';
export { VideoSources } from './ports/video-sources';
export type { AudioRange, PieceTranscript, TranscribedPieces } from './ports/transcribed-pieces';
export {
  MediaTranscriber,
  type MediaTranscript,
  type MediaTranscriptionOptions,
} from './ports/media-transcriber';
export { VideoHttpModule } from './http/video-http.module';
export { videoEntities, videoMigrations } from './infrastructure/typeorm/video-schema';
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
export {
  OpenAiSpeechToText,
  type OpenAiSpeechToTextOptions,
} from './infrastructure/speech-to-text/openai.speech-to-text';
export {
  FfmpegMediaTranscriber,
  type FfmpegMediaTranscriberOptions,
} from './infrastructure/media/ffmpeg.media-transcriber';
