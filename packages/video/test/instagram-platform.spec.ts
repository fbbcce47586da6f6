import { readFileSync } from 'node:fs';
import { createVideoSources, type PlatformVideoSources, type VideoPlatform } from '../src';
import {
  INSTAGRAM_LSD,
  mediaScratch,
  startInstagramStandIn,
  type InstagramStandInPost,
  type MediaScratch,
  type PlatformStandIn,
} from '@quarry/testing';

const REEL = 'C1a2B3c4D5e';

let scratch: MediaScratch;
let standIn: PlatformStandIn;
let sources: PlatformVideoSources;
let instagram: VideoPlatform;

const post = (overrides: Partial<InstagramStandInPost> = {}): InstagramStandInPost => ({
  username: 'natgeo',
  fullName: 'National Geographic',
  caption: 'Whales, up close. 🐋',
  takenAt: 1717171717,
  duration: 31.4,
  ...overrides,
});

beforeAll(async () => {
  scratch = mediaScratch();
  standIn = await startInstagramStandIn({
    posts: {
      [REEL]: post({ media: { file: scratch.source } }),
      EmBeDdEd500: post({ graphql: 500 }),
      EmBeDdErRoR: post({ graphql: 'errors' }),
      NoEmBeD5000: post({ graphql: 500, embedded: false }),
      NoEmBeD4290: post({ graphql: 429, embedded: false }),
      GaTeD000000: post({ gated: true }),
      PhOtO000000: post({ photo: true }),
      CaRoUsEl000: post({ carousel: true }),
      NoCaPtIoN00: post({ caption: undefined, fullName: '' }),
    },
  });
  sources = createVideoSources({ origins: { instagram: standIn.origin } });
  instagram = sources.platform('instagram');
});

afterAll(async () => {
  await sources.close();
  await standIn.close();
  scratch.remove();
});

const details = (shortcode: string) => instagram.details({ platform: 'instagram', platformId: shortcode });

describe('Instagram through a replaced origin', () => {
  it('maps the logged-out post query to the video details, with public URLs only', async () => {
    const found = await details(REEL);
    expect(found).toMatchObject({
      ref: { platform: 'instagram', platformId: REEL },
      finalUrl: `https://www.instagram.com/p/${REEL}/`,
      title: null,
      description: 'Whales, up close. 🐋',
      author: {
        displayName: 'National Geographic',
        handle: 'natgeo',
        profileUrl: 'https://www.instagram.com/natgeo/',
      },
      durationSeconds: 31.4,
      publishedAt: '2024-05-31T16:08:37.000Z',
      captionTracks: [],
    });
    expect(found.thumbnailUrl).toMatch(
      new RegExp(`^https://scontent-muc2-1\\.cdninstagram\\.com/.+/${REEL}_1080_n\\.jpg`),
    );
    expect(found.mediaUrl).toMatch(
      new RegExp(`^https://instagram\\.fmuc2-1\\.fna\\.fbcdn\\.net/.+/AQ${REEL}-360\\.mp4\\?`),
    );
    expect(JSON.stringify(found)).not.toContain(standIn.hostPort);
  });

  it('asks as the web client does: media id from the shortcode, the page lsd token, the app id', async () => {
    await details(REEL);
    const query = standIn.requests.filter((request) => request.path === '/api/graphql').at(-1);
    const form = new URLSearchParams(query?.body);
    expect(JSON.parse(form.get('variables') ?? '')).toEqual({
      media_id: [...REEL]
        .reduce(
          (id, char) =>
            id * 64n +
            BigInt('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.indexOf(char)),
          0n,
        )
        .toString(),
    });
    expect(form.get('lsd')).toBe(INSTAGRAM_LSD);
    expect(query?.headers).toMatchObject({
      'x-fb-lsd': INSTAGRAM_LSD,
      'x-ig-app-id': '936619743392459',
      'content-type': 'application/x-www-form-urlencoded',
    });
  });

  it.each([
    ['fails', 'EmBeDdEd500'],
    ['answers errors without data', 'EmBeDdErRoR'],
  ])('reads the media embedded in the post page when the query %s', async (_case, shortcode) => {
    await expect(details(shortcode)).resolves.toMatchObject({
      description: 'Whales, up close. 🐋',
      author: { handle: 'natgeo' },
      mediaUrl: expect.stringContaining(`AQ${shortcode}-360.mp4`),
    });
  });

  it('reports the query failure when the page embeds nothing either', async () => {
    await expect(details('NoEmBeD5000')).rejects.toMatchObject({ code: 'PLATFORM_ERROR', transient: true });
    await expect(details('NoEmBeD4290')).rejects.toMatchObject({
      code: 'PLATFORM_BLOCKED',
      transient: false,
    });
  });

  it('takes the video of a carousel', async () => {
    await expect(details('CaRoUsEl000')).resolves.toMatchObject({
      mediaUrl: expect.stringContaining('AQCaRoUsEl000-360.mp4'),
    });
  });

  it('says null where the post does not say', async () => {
    await expect(details('NoCaPtIoN00')).resolves.toMatchObject({
      description: null,
      author: { displayName: null, handle: 'natgeo' },
    });
  });

  it.each([
    ['a post gated for logged-out viewers', 'VIDEO_PRIVATE', 'GaTeD000000'],
    ['a photo', 'VIDEO_NOT_FOUND', 'PhOtO000000'],
    ['an unknown post', 'VIDEO_NOT_FOUND', 'UnKnOwN0000'],
  ])('reports %s as %s', async (_case, code, shortcode) => {
    await expect(details(shortcode)).rejects.toMatchObject({ code, transient: false });
  });

  it('has no captions', async () => {
    await expect(
      instagram.captions({
        languageCode: 'en',
        name: null,
        generated: false,
        isDefault: false,
        needsToken: false,
        url: 'https://www.instagram.com/',
      }),
    ).rejects.toMatchObject({ code: 'NO_CAPTIONS' });
  });

  it('streams the smallest rendition to disk', async () => {
    const found = await details(REEL);
    const file = scratch.target();
    await expect(instagram.downloadMedia(found, file)).resolves.toBe(readFileSync(scratch.source).length);
    expect(readFileSync(file).equals(readFileSync(scratch.source))).toBe(true);
    expect(standIn.requests.at(-1)?.path).toBe(`/o1/v/t16/f2/m86/AQ${REEL}-360.mp4`);
  });

  it('reports a login wall as private', async () => {
    const walled = await startInstagramStandIn({ loginWall: true, posts: {} });
    const behindWall = createVideoSources({ origins: { instagram: walled.origin } });
    try {
      await expect(
        behindWall.platform('instagram').details({ platform: 'instagram', platformId: REEL }),
      ).rejects.toMatchObject({
        code: 'VIDEO_PRIVATE',
      });
    } finally {
      await behindWall.close();
      await walled.close();
    }
  });
});
