import type { SocialLink, SocialPlatform } from './brand-profile';

/** Mastodon servers common enough to recognise by name; other servers count when the link is `rel="me"`. */
const MASTODON_HOSTS =
  /^(mastodon\.social|mastodon\.online|mstdn\.social|fosstodon\.org|hachyderm\.io|infosec\.exchange|mas\.to|techhub\.social|mastodon\.world|toot\.community|social\.vivaldi\.net)$/;

/** Paths that are actions or posts rather than a profile (share dialogs, intents, single posts). */
const NOT_PROFILE =
  /^\/(share|sharer|sharing|intent|home|search|hashtag|explore|login|signup|i|p|reel|reels|tv|watch|shorts|embed|status|pin|dialog|plugins|shareArticle|feed|help|about|legal|policies|settings|tos|privacy)(\/|\.php|$)/i;

/**
 * The platform and profile URL of `href`, or null when it is no profile: share and intent links,
 * single posts, repositories and videos are not profiles. `rel` marks verified links (`me`).
 */
export function socialProfile(href: string, rel = ''): SocialLink | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  const path = url.pathname;
  if (NOT_PROFILE.test(path) && !/^(discord\.gg|discord(app)?\.com|bsky\.app)$/.test(host)) return null;
  const one = segments.length === 1;
  const platform = ((): SocialPlatform | null => {
    if ((host === 'twitter.com' || host === 'x.com') && one) return 'twitter';
    if (host === 'github.com' && one) return 'github';
    if (
      host === 'linkedin.com' &&
      segments.length === 2 &&
      /^(company|in|school|showcase)$/.test(segments[0])
    )
      return 'linkedin';
    if (
      host === 'youtube.com' &&
      ((one && segments[0].startsWith('@')) ||
        (segments.length === 2 && /^(c|channel|user)$/.test(segments[0])))
    )
      return 'youtube';
    if (host === 'instagram.com' && one) return 'instagram';
    if ((host === 'facebook.com' || host === 'fb.com') && one && !/\.php$/.test(segments[0]))
      return 'facebook';
    if (host === 'facebook.com' && path === '/profile.php' && url.searchParams.has('id')) return 'facebook';
    if (host === 'tiktok.com' && one && segments[0].startsWith('@')) return 'tiktok';
    if ((MASTODON_HOSTS.test(host) || /(^|\s)me(\s|$)/.test(rel)) && one && segments[0].startsWith('@'))
      return 'mastodon';
    if (
      (host === 'discord.gg' && one) ||
      (/^discord(app)?\.com$/.test(host) && segments.length === 2 && segments[0] === 'invite')
    )
      return 'discord';
    if (/^([a-z]{2}\.)?pinterest\.[a-z.]+$/.test(host) && one) return 'pinterest';
    if ((host === 'threads.net' || host === 'threads.com') && one && segments[0].startsWith('@'))
      return 'threads';
    if (host === 'bsky.app' && segments.length === 2 && segments[0] === 'profile') return 'bluesky';
    return null;
  })();
  if (!platform) return null;
  const id = platform === 'facebook' && path === '/profile.php' ? `?id=${url.searchParams.get('id')}` : '';
  return { platform, url: `https://${url.hostname.toLowerCase()}${path.replace(/\/+$/, '')}${id}` };
}

/** Profile links of the page and of JSON-LD `sameAs`, one per URL, in the order found. */
export function socialLinks(anchors: Array<{ href: string; rel: string }>, sameAs: string[]): SocialLink[] {
  const links = new Map<string, SocialLink>();
  for (const { href, rel } of [...anchors, ...sameAs.map((href) => ({ href, rel: 'me' }))]) {
    const profile = socialProfile(href, rel);
    const key = profile?.url.toLowerCase().replace('://www.', '://');
    if (profile && key && !links.has(key)) links.set(key, profile);
  }
  return [...links.values()];
}
