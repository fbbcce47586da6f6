import type { ServerResponse } from 'node:http';
import {
  scriptJson,
  sendHtml,
  sendJson,
  sendMedia,
  sendRedirect,
  startStandIn,
  type PlatformStandIn,
  type StandInMedia,
  type StandInRequest,
} from './stand-in-server';

export const INSTAGRAM_LSD = 'AVqbxe3J_YA';
const WEB_APP_ID = '936619743392459';
const LOGGED_OUT_POST_DOC_ID = '27130156389949648';
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export interface InstagramStandInPost {
  username?: string;
  fullName?: string;
  caption?: string;
  /** Unix seconds. */
  takenAt?: number;
  /** Seconds. */
  duration?: number;
  /** A photo: no `video_versions`. */
  photo?: boolean;
  /** A carousel whose second item is the video. */
  carousel?: boolean;
  /** Gated for logged-out viewers: `if_not_gated_logged_out` comes back empty. */
  gated?: boolean;
  media?: StandInMedia;
  /** How the GraphQL query answers: with the post (default), an HTTP status, or `errors` without data. */
  graphql?: 'ok' | 'errors' | number;
  /** The post page embeds the media object for its first render. @default true */
  embedded?: boolean;
}

export interface InstagramStandInOptions {
  /** By shortcode. */
  posts: Record<string, InstagramStandInPost>;
  /** Every post page redirects to the login page. */
  loginWall?: boolean;
}

/**
 * Instagram on 127.0.0.1, as a logged-out viewer meets it: post pages (`/p/`, `/reel/`) with the
 * `lsd` token and, optionally, the post's `xig_polaris_media` embedded under
 * `RelayPrefetchedStreamCache`; the GraphQL endpoint answering the logged-out post query (checking
 * `doc_id`, `lsd`, `X-FB-LSD`, `X-IG-App-ID`) by media id; and the fbcdn media host.
 */
export async function startInstagramStandIn(options: InstagramStandInOptions): Promise<PlatformStandIn> {
  return startStandIn((request, response) => {
    const segments = request.path.split('/').filter(Boolean);
    if (segments.length === 2 && ['p', 'reel', 'reels', 'tv'].includes(segments[0])) {
      return postPage(options, segments[1], response);
    }
    if (request.path === '/api/graphql') return graphql(options, request, response);
    if (segments[0] === 'o1') return media(options, segments.at(-1) ?? '', response);
    if (segments[0] === 'accounts')
      return sendHtml(response, '<!DOCTYPE html><title>Login • Instagram</title>');
    sendHtml(response, '<!DOCTYPE html><title>Page not found • Instagram</title>', 404);
  });
}

function postPage(options: InstagramStandInOptions, shortcode: string, response: ServerResponse) {
  if (options.loginWall) {
    return sendRedirect(response, `https://www.instagram.com/accounts/login/?next=%2Fp%2F${shortcode}%2F`);
  }
  const post = options.posts[shortcode];
  if (!post)
    return sendHtml(
      response,
      "<!DOCTYPE html><title>Page not found • Instagram</title><p>Sorry, this page isn't available.</p>",
      404,
    );
  const define = {
    require: [
      [
        'ScheduledServerJS',
        'handle',
        null,
        [{ __bbox: { define: [['LSD', [], { token: INSTAGRAM_LSD }, 323]] } }],
      ],
    ],
  };
  const prefetched = {
    require: [
      [
        'ScheduledServerJS',
        'handle',
        null,
        [
          {
            __bbox: {
              require: [
                [
                  'RelayPrefetchedStreamCache',
                  'next',
                  [],
                  [
                    'adp_PolarisLoggedOutDesktopWWWPostRootContentQueryRelayPreloader_6651a7b0c1d2e3f4',
                    {
                      __bbox: {
                        complete: true,
                        result: { data: polarisData(shortcode, post), extensions: { is_final: true } },
                        sequence_number: 0,
                      },
                    },
                  ],
                ],
              ],
            },
          },
        ],
      ],
    ],
  };
  sendHtml(
    response,
    '<!DOCTYPE html><html class="_9dls" lang="en" dir="ltr"><head><meta charset="utf-8">' +
      `<title>Instagram</title></head><body><div id="mount_0_0_xY"></div>` +
      `<script type="application/json" data-content-len="120" data-sjs>${scriptJson(define)}</script>` +
      (post.embedded === false
        ? ''
        : `<script type="application/json" data-content-len="4000" data-sjs>${scriptJson(prefetched)}</script>`) +
      '</body></html>',
    200,
    {
      'set-cookie': ['csrftoken=Zx8kD0c7cSrfT0k3n; Path=/; Domain=.instagram.com; Max-Age=31449600; Secure'],
    },
  );
}

function graphql(options: InstagramStandInOptions, request: StandInRequest, response: ServerResponse) {
  const form = new URLSearchParams(request.body);
  const valid =
    request.method === 'POST' &&
    form.get('doc_id') === LOGGED_OUT_POST_DOC_ID &&
    form.get('lsd') === INSTAGRAM_LSD &&
    request.headers['x-fb-lsd'] === INSTAGRAM_LSD &&
    request.headers['x-ig-app-id'] === WEB_APP_ID;
  if (!valid) return sendJson(response, { errors: [{ message: 'Bad request', severity: 'CRITICAL' }] }, 400);
  const mediaId = (JSON.parse(form.get('variables') ?? '{}') as { media_id?: string }).media_id;
  const entry = Object.entries(options.posts).find(([shortcode]) => mediaIdOf(shortcode) === mediaId);
  if (!entry)
    return sendJson(response, { data: { xig_polaris_media: null }, extensions: { is_final: true } });
  const [shortcode, post] = entry;
  if (typeof post.graphql === 'number')
    return sendJson(response, { message: 'Please wait a few minutes' }, post.graphql);
  if (post.graphql === 'errors') {
    return sendJson(response, { errors: [{ message: 'execution error', severity: 'CRITICAL' }], data: null });
  }
  sendJson(response, { data: polarisData(shortcode, post), extensions: { is_final: true } });
}

function media(options: InstagramStandInOptions, file: string, response: ServerResponse) {
  const shortcode = /^AQ(.+)-\d+\.mp4$/.exec(file)?.[1] ?? '';
  const post = options.posts[shortcode];
  if (!post?.media) return response.writeHead(404).end();
  sendMedia(response, post.media);
}

function polarisData(shortcode: string, post: InstagramStandInPost) {
  if (post.gated) return { xig_polaris_media: { if_not_gated_logged_out: null } };
  const image = { candidates: [1080, 640, 320].map((width) => imageCandidate(shortcode, width)) };
  const video = post.photo
    ? { video_versions: null, video_duration: null }
    : {
        video_versions: [
          { type: 101, width: 720, height: 1280, url: videoUrl(shortcode, 720) },
          { type: 102, width: 480, height: 854, url: videoUrl(shortcode, 480) },
          { type: 103, width: 360, height: 640, url: videoUrl(shortcode, 360) },
        ],
        video_duration: post.duration ?? 0,
      };
  const base = {
    pk: mediaIdOf(shortcode),
    id: `${mediaIdOf(shortcode)}_17841400000000000`,
    code: shortcode,
    taken_at: post.takenAt ?? 1700000000,
    caption: post.caption === undefined ? null : { pk: '17900000000000000', text: post.caption },
    user: {
      pk: '17841400000000000',
      username: post.username ?? 'standin',
      full_name: post.fullName ?? '',
      is_private: false,
      is_verified: false,
    },
    like_count: 42,
    comment_count: 3,
    product_type: post.carousel ? 'carousel_container' : post.photo ? 'feed' : 'clips',
    image_versions2: image,
  };
  const media = post.carousel
    ? {
        ...base,
        video_versions: null,
        carousel_media: [
          {
            pk: '1',
            image_versions2: { candidates: [imageCandidate(`${shortcode}-1`, 1080)] },
            video_versions: null,
          },
          { pk: '2', image_versions2: image, ...video },
        ],
      }
    : { ...base, ...video };
  return { xig_polaris_media: { if_not_gated_logged_out: media } };
}

function videoUrl(shortcode: string, width: number): string {
  return (
    `https://instagram.fmuc2-1.fna.fbcdn.net/o1/v/t16/f2/m86/AQ${shortcode}-${width}.mp4` +
    `?efg=eyJ2ZW5jb2RlX3RhZyI6InhwdmRzX3YyIn0&_nc_ht=instagram.fmuc2-1.fna.fbcdn.net&_nc_cat=101&oh=00_AfA&oe=684A1B2C`
  );
}

function imageCandidate(shortcode: string, width: number) {
  return {
    width,
    height: Math.round(width * 1.777),
    url: `https://scontent-muc2-1.cdninstagram.com/v/t51.2885-15/${shortcode}_${width}_n.jpg?stp=dst-jpg_e15&_nc_ht=scontent-muc2-1.cdninstagram.com&oh=00_AfB&oe=684A1B2C`,
  };
}

/** The media id a shortcode spells (its first eleven characters as base-64 digits). */
function mediaIdOf(shortcode: string): string {
  let id = 0n;
  for (const char of shortcode.slice(0, 11)) id = id * 64n + BigInt(ALPHABET.indexOf(char));
  return id.toString();
}
