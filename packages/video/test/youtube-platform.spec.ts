import { existsSync, readFileSync } from 'node:fs';
import {
  startFixtureServer,
  type FixtureServer,
  mediaScratch,
  PLAYABILITY,
  startYouTubeStandIn,
  type MediaScratch,
  type PlatformStandIn,
  type StandInCue,
  type YouTubePlayability,
  type YouTubeStandInVideo,
} from '@quarry/testing';
import { createVideoSources, type CaptionTrack, type PlatformVideoSources, type VideoPlatform } from '../src';

const cues: StandInCue[] = [
  { text: "it's Tom & Jerry", startMs: 80, durationMs: 2960 },
  { text: '1 < 2 and "quoted"', startMs: 3040, durationMs: 1500, italic: true },
  { text: ' ', startMs: 4540, durationMs: 500 },
  { text: 'über café', startMs: 5040, durationMs: 1200 },
];
const plain = [
  { text: "it's Tom & Jerry", startMs: 80, durationMs: 2960 },
  { text: '1 < 2 and "quoted"', startMs: 3040, durationMs: 1500 },
  { text: 'über café', startMs: 5040, durationMs: 1200 },
];

let scratch: MediaScratch;
let canary: FixtureServer;
let standIn: PlatformStandIn;
let sources: PlatformVideoSources;
let youtube: VideoPlatform;

const TALK = 'tAlK1234567';
const video = (overrides: Partial<YouTubeStandInVideo> = {}): YouTubeStandInVideo => ({
  title: 'A talk',
  description: 'About things.\nTwo lines.',
  author: 'Quarry Channel',
  handle: 'QuarryChannel',
  channelId: 'UCquarry0000000000000000',
  lengthSeconds: 316,
  publishDate: '2024-05-20T10:00:06-07:00',
  ...overrides,
});

beforeAll(async () => {
  scratch = mediaScratch();
  canary = await startFixtureServer((_req, res) => res.end('canary'));
  standIn = await startYouTubeStandIn({
    videos: {
      [TALK]: video({
        media: { file: scratch.source, contentType: 'audio/mp4' },
        captions: [
          { languageCode: 'en', name: 'English', cues },
          { languageCode: 'de', name: 'Deutsch', format: 'srv3', isDefault: true, cues },
          { languageCode: 'en', name: 'English (auto-generated)', kind: 'asr', format: 'json3', cues },
          { languageCode: 'fr', name: 'Français', needsToken: true, cues },
        ],
      }),
      dAtEoNlY000: video({ publishDate: '2019-10-24', handle: undefined, captions: [] }),
      wEbOnLy0000: video({ captions: [{ languageCode: 'en', cues }], webOnlyCaptions: true }),
      cIpHeR00000: video({ media: 'cipher' }),
      bIgMeDiA000: video({ media: { file: scratch.source } }),
      pRiVaTeNeT0: video({ media: { redirectTo: canary.url('/videoplayback') } }),
      lImItEd0000: video({ playerStatus: 429 }),
      fAiLiNg0000: video({ playerStatus: 503 }),
      uNdOcUmEnT0: video({
        playability: {
          status: 'UNDOCUMENTED',
          reason: 'Video unavailable',
          subreason: 'This content is not here',
        },
      }),
      uNdOcPrIvAt: video({ playability: { status: 'UNDOCUMENTED', reason: 'This video is private' } }),
      ...Object.fromEntries(
        Object.entries(PLAYABILITY).map(([name, playability]) => [
          `${name.padEnd(11, '0').slice(0, 11)}`,
          video({ playability }),
        ]),
      ),
    },
  });
  sources = createVideoSources({ origins: { youtube: standIn.origin } });
  youtube = sources.platform('youtube');
});

afterAll(async () => {
  await sources.close();
  await Promise.all([standIn.close(), canary.close()]);
  scratch.remove();
});

const since = () => standIn.requests.length;

describe('YouTube through a replaced origin', () => {
  it('maps the watch page and player API to the video details, with public URLs only', async () => {
    const details = await youtube.details({ platform: 'youtube', platformId: TALK });
    expect(details).toMatchObject({
      ref: { platform: 'youtube', platformId: TALK },
      finalUrl: `https://www.youtube.com/watch?v=${TALK}`,
      title: 'A talk',
      description: 'About things.\nTwo lines.',
      author: {
        displayName: 'Quarry Channel',
        handle: 'QuarryChannel',
        profileUrl: 'https://www.youtube.com/@QuarryChannel',
      },
      durationSeconds: 316,
      thumbnailUrl: `https://i.ytimg.com/vi/${TALK}/maxresdefault.jpg`,
      publishedAt: '2024-05-20T17:00:06.000Z',
    });
    expect(JSON.stringify(details)).not.toContain(standIn.hostPort);
  });

  it('asks the player API as the ANDROID client with the key from the page', async () => {
    const from = since();
    await youtube.details({ platform: 'youtube', platformId: TALK });
    const call = standIn.requests.slice(from).find((request) => request.path === '/youtubei/v1/player');
    expect(call).toMatchObject({ method: 'POST' });
    expect(call?.query.get('key')).toBe('AIzaSyA8eiZmM1FaDVjRy-df2KTyQ_vz_yYM39w');
    expect(JSON.parse(call?.body ?? '')).toEqual({
      context: { client: { clientName: 'ANDROID', clientVersion: '20.10.38' } },
      videoId: TALK,
    });
  });

  it('reads a day-only publish date as UTC midnight, and falls back to the channel URL', async () => {
    const details = await youtube.details({ platform: 'youtube', platformId: 'dAtEoNlY000' });
    expect(details.publishedAt).toBe('2019-10-24T00:00:00.000Z');
    expect(details.author).toEqual({
      displayName: 'Quarry Channel',
      handle: null,
      profileUrl: 'https://www.youtube.com/channel/UCquarry0000000000000000',
    });
    expect(details.captionTracks).toEqual([]);
  });

  describe('caption tracks', () => {
    let tracks: CaptionTrack[];

    beforeAll(async () => {
      tracks = (await youtube.details({ platform: 'youtube', platformId: TALK })).captionTracks;
    });

    it('lists manual and auto-generated tracks with their names, the default and the token-only one', () => {
      expect(tracks.map(({ url: _url, ...track }) => track)).toEqual([
        { languageCode: 'en', name: 'English', generated: false, isDefault: false, needsToken: false },
        { languageCode: 'de', name: 'Deutsch', generated: false, isDefault: true, needsToken: false },
        {
          languageCode: 'en',
          name: 'English (auto-generated)',
          generated: true,
          isDefault: false,
          needsToken: false,
        },
        { languageCode: 'fr', name: 'Français', generated: false, isDefault: false, needsToken: true },
      ]);
      for (const track of tracks) expect(new URL(track.url).origin).toBe('https://www.youtube.com');
    });

    it.each([
      ['srv1', 0],
      ['srv3', 1],
      ['json3', 2],
    ])(
      'reads a %s body into plain segments: entities decoded, markup removed, empty cues dropped',
      async (_format, index) => {
        await expect(youtube.captions(tracks[index])).resolves.toEqual(plain);
      },
    );

    it('refuses a token-only track as blocked without asking for it', async () => {
      const from = since();
      await expect(youtube.captions(tracks[3])).rejects.toMatchObject({
        code: 'PLATFORM_BLOCKED',
        transient: false,
      });
      expect(standIn.requests.slice(from)).toEqual([]);
    });

    it('takes an empty caption body for a request that wanted a token', async () => {
      await expect(youtube.captions({ ...tracks[3], needsToken: false })).rejects.toMatchObject({
        code: 'PLATFORM_BLOCKED',
      });
    });
  });

  it('falls back to the watch page tracks when the API gives none: they all need a token', async () => {
    const details = await youtube.details({ platform: 'youtube', platformId: 'wEbOnLy0000' });
    expect(details.captionTracks).toEqual([
      expect.objectContaining({ languageCode: 'en', needsToken: true }),
    ]);
  });

  it.each([
    ['unavailable', 'VIDEO_NOT_FOUND'],
    ['removed', 'VIDEO_NOT_FOUND'],
    ['botCheck', 'PLATFORM_BLOCKED'],
    ['ageGate', 'VIDEO_PRIVATE'],
    ['private', 'VIDEO_PRIVATE'],
    ['membersOnly', 'VIDEO_PRIVATE'],
    ['regionBlocked', 'VIDEO_NOT_FOUND'],
    ['liveOffline', 'VIDEO_NOT_FOUND'],
  ])('maps playability %s to %s', async (name, code) => {
    const platformId = name.padEnd(11, '0').slice(0, 11);
    await expect(youtube.details({ platform: 'youtube', platformId })).rejects.toMatchObject({
      code,
      transient: false,
      url: `https://www.youtube.com/watch?v=${platformId}`,
      message: expect.stringContaining(
        (PLAYABILITY[name as keyof typeof PLAYABILITY] as YouTubePlayability).reason ?? '',
      ),
    });
  });

  it('reads a status YouTube does not document by its reason, as it reads UNPLAYABLE', async () => {
    await expect(youtube.details({ platform: 'youtube', platformId: 'uNdOcUmEnT0' })).rejects.toMatchObject({
      code: 'VIDEO_NOT_FOUND',
      transient: false,
      message: 'YouTube says UNDOCUMENTED: Video unavailable This content is not here',
    });
    await expect(youtube.details({ platform: 'youtube', platformId: 'uNdOcPrIvAt' })).rejects.toMatchObject({
      code: 'VIDEO_PRIVATE',
    });
  });

  it('reports an unknown video as not found', async () => {
    await expect(youtube.details({ platform: 'youtube', platformId: 'nOsUcHvIdEo' })).rejects.toMatchObject({
      code: 'VIDEO_NOT_FOUND',
    });
  });

  it('reports a 429 from the player API as blocked and a 503 as a platform error worth retrying', async () => {
    await expect(youtube.details({ platform: 'youtube', platformId: 'lImItEd0000' })).rejects.toMatchObject({
      code: 'PLATFORM_BLOCKED',
      transient: false,
    });
    await expect(youtube.details({ platform: 'youtube', platformId: 'fAiLiNg0000' })).rejects.toMatchObject({
      code: 'PLATFORM_ERROR',
      transient: true,
    });
  });

  describe('media', () => {
    it('picks the cheapest audio-only MP4 stream with a plain URL', async () => {
      const details = await youtube.details({ platform: 'youtube', platformId: TALK });
      const media = new URL(details.mediaUrl ?? '');
      expect(media.hostname).toBe('rr4---sn-4g5edndl.googlevideo.com');
      expect(media.searchParams.get('itag')).toBe('139');
    });

    it('streams it to disk as the app client', async () => {
      const details = await youtube.details({ platform: 'youtube', platformId: TALK });
      const file = scratch.target();
      const bytes = await youtube.downloadMedia(details, file);
      expect(bytes).toBe(readFileSync(scratch.source).length);
      expect(readFileSync(file).equals(readFileSync(scratch.source))).toBe(true);
      expect(standIn.requests.at(-1)?.headers['user-agent']).toMatch(/^com\.google\.android\.youtube\//);
    });

    it('has none when every stream needs a signature', async () => {
      const details = await youtube.details({ platform: 'youtube', platformId: 'cIpHeR00000' });
      expect(details.mediaUrl).toBeNull();
      await expect(youtube.downloadMedia(details, scratch.target())).rejects.toMatchObject({
        code: 'PLATFORM_ERROR',
      });
    });

    it('fails past the media cap and leaves no partial file', async () => {
      const capped = createVideoSources({ origins: { youtube: standIn.origin }, maxMediaBytes: 1024 * 1024 });
      try {
        const platform = capped.platform('youtube');
        const details = await platform.details({ platform: 'youtube', platformId: 'bIgMeDiA000' });
        const file = scratch.target();
        await expect(platform.downloadMedia(details, file)).rejects.toMatchObject({
          code: 'PLATFORM_ERROR',
          message: expect.stringContaining('larger than 1048576 bytes'),
        });
        expect(existsSync(file)).toBe(false);
      } finally {
        await capped.close();
      }
    });

    it('refuses a redirect into a private network without connecting', async () => {
      const details = await youtube.details({ platform: 'youtube', platformId: 'pRiVaTeNeT0' });
      await expect(youtube.downloadMedia(details, scratch.target())).rejects.toMatchObject({
        code: 'PLATFORM_ERROR',
        message: expect.stringContaining('public-URL policy refuses'),
      });
      expect(canary.connections).toBe(0);
    });
  });
});

describe('YouTube behind the consent interstitial', () => {
  let consent: PlatformStandIn;
  let consenting: PlatformVideoSources;

  beforeAll(async () => {
    consent = await startYouTubeStandIn({ consent: true, videos: { [TALK]: video() } });
    consenting = createVideoSources({ origins: { youtube: consent.origin } });
  });

  afterAll(async () => {
    await consenting.close();
    await consent.close();
  });

  it('answers it with the CONSENT cookie and reads the page fetched again', async () => {
    const details = await consenting.platform('youtube').details({ platform: 'youtube', platformId: TALK });
    expect(details.title).toBe('A talk');
    const watches = consent.requests.filter((request) => request.path === '/watch');
    expect(watches.map((request) => request.headers.cookie)).toEqual([
      undefined,
      'CONSENT=YES+cb.20210328-17-p0.en+FX+667',
    ]);
    expect(consent.requests.some((request) => request.path === '/ml')).toBe(true);
  });
});

describe('YouTube with the mobile watch page', () => {
  it('reads the player response assigned after the variable was declared null', async () => {
    const mobile = await startYouTubeStandIn({ layout: 'mobile', videos: { [TALK]: video() } });
    const reading = createVideoSources({ origins: { youtube: mobile.origin } });
    try {
      const details = await reading.platform('youtube').details({ platform: 'youtube', platformId: TALK });
      expect(details).toMatchObject({
        publishedAt: '2024-05-20T17:00:06.000Z',
        author: { handle: 'QuarryChannel', profileUrl: 'https://www.youtube.com/@QuarryChannel' },
      });
    } finally {
      await reading.close();
      await mobile.close();
    }
  });
});

describe('YouTube answering with a bot check', () => {
  it('is blocked', async () => {
    const botCheck = await startYouTubeStandIn({ botCheck: true, videos: { [TALK]: video() } });
    const checked = createVideoSources({ origins: { youtube: botCheck.origin } });
    try {
      await expect(
        checked.platform('youtube').details({ platform: 'youtube', platformId: TALK }),
      ).rejects.toMatchObject({
        code: 'PLATFORM_BLOCKED',
      });
    } finally {
      await checked.close();
      await botCheck.close();
    }
  });
});
