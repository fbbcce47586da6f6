import type { VideoPlatformName, VideoRef } from '../domain/video';
import type { VideoPlatform } from './video-platform';

/** Recognises video URLs of every supported platform and hands out each platform's adapter. */
export abstract class VideoSources {
  /** Whether `url` is a form this service recognises (short links included), without any request. */
  abstract isSupported(url: string): boolean;
  /** The video `url` names; short links are followed through the public-URL policy. `VideoError` UNSUPPORTED_URL otherwise. */
  abstract resolve(url: string, signal?: AbortSignal): Promise<VideoRef>;
  abstract platform(name: VideoPlatformName): VideoPlatform;
}
