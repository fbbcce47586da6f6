import type { VideoPlatformName } from '../domain/video';

/** Every host each platform's pages, APIs, captions, thumbnails and media are served from. */
const HOSTS: Record<VideoPlatformName, RegExp[]> = {
  youtube: [
    /^(.+\.)?youtube\.com$/,
    /^youtu\.be$/,
    /^(.+\.)?youtube-nocookie\.com$/,
    /^(.+\.)?googlevideo\.com$/,
    /^(.+\.)?ytimg\.com$/,
  ],
  tiktok: [/^(.+\.)?tiktok\.com$/, /^(.+\.)?tiktokcdn(-[a-z0-9]+)?\.com$/, /^(.+\.)?tiktokv\.com$/],
  instagram: [/^(.+\.)?instagram\.com$/, /^(.+\.)?cdninstagram\.com$/, /^(.+\.)?fbcdn\.net$/],
};

/** The platform whose host `hostname` is (the host itself or one under it), or null. */
export function platformOfHost(hostname: string): VideoPlatformName | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const entry = Object.entries(HOSTS).find(([, patterns]) => patterns.some((pattern) => pattern.test(host)));
  return entry ? (entry[0] as VideoPlatformName) : null;
}
