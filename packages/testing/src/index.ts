export { createTestDatabase, testDatabaseEngines, testRedisUrl, type TestDatabase } from './test-database';
export { testDataSourceModule } from './test-data-source.module';
export { HostErrorFilter, startHostApp, type HostApp, type HostAppSetup } from './host-app';
export {
  closedPort,
  html,
  redirect,
  startFixtureServer,
  type FixtureResponse,
  type FixtureRoute,
  type FixtureServer,
  type FixtureServerOptions,
} from './fixture-server';
export { mappedLookup, type MappedLookup } from './mapped-lookup';
export { startSiteFolders, type SiteFolders } from './site-folders';
export { startUdpCanary, udpProbeScript, type UdpCanary } from './udp-canary';
export { processTree } from './process-tree';
export { minimalPdf } from './minimal-pdf';
export { eventually } from './eventually';
export { closeReport, slowWorkRoutes, type CloseReport } from './clean-close';
export { describeJobQueueContract, type JobQueueContractSubject } from './job-queue-contract';
export type {
  JobQueueEngineModule,
  JobQueueEngineOpener,
  JobQueueEngineSettings,
  OpenedJobQueue,
} from './job-queue-engine';
export {
  startPlatformStandIns,
  type PlatformStandIns,
  type PlatformStandInsOptions,
} from './video/platform-stand-ins';
export type { PlatformStandIn, StandInMedia } from './video/stand-in-server';
export {
  PLAYABILITY,
  startYouTubeStandIn,
  type YouTubePlayability,
  type YouTubeStandInCaption,
  type YouTubeStandInOptions,
  type YouTubeStandInVideo,
} from './video/youtube-stand-in';
export type { StandInCue, YouTubeCaptionFormat } from './video/youtube-caption-bodies';
export {
  startTikTokStandIn,
  TIKTOK_CHAIN_TOKEN,
  type TikTokStandInOptions,
  type TikTokStandInSubtitle,
  type TikTokStandInVideo,
} from './video/tiktok-stand-in';
export {
  INSTAGRAM_LSD,
  startInstagramStandIn,
  type InstagramStandInOptions,
  type InstagramStandInPost,
} from './video/instagram-stand-in';
export { mediaScratch, type MediaScratch } from './video/media-files';
export {
  silentVideo,
  speechMedia,
  type Sentence,
  type SpeechMedia,
  type SpokenSentence,
} from './video/speech-media';
export {
  SpeechToTextStandIn,
  type SpeechToTextStandInOptions,
  type StandInFailure,
  type StandInSegment,
  type StandInUpload,
} from './video/speech-to-text.stand-in';
export { analyseAudio, type AudioAnalysis } from './video/audio-analysis';
export { PocketsphinxServer, type HeardWord } from './video/pocketsphinx.server';
export {
  plainSentences,
  spokenPassage,
  type SpokenPassage,
  type Synthesiser,
  type TimedSentence,
} from './video/spoken-passage';
export { wordEdits, wordErrorRate, wordsOf, type WordEdits } from './video/word-error-rate';
