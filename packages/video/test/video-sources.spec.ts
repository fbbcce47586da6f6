import {
  mappedLookup,
  startFixtureServer,
  type FixtureServer,
  startPlatformStandIns,
  type PlatformStandIns,
} from '@quarry/testing';
import { createVideoSources, type PlatformVideoSources } from '../src';

const ID = '7301234567890123456';

let canary: FixtureServer;
let standIns: PlatformStandIns;
let sources: PlatformVideoSources;

beforeAll(async () => {
  canary = await startFixtureServer((_req, res) => res.end('canary'));
  standIns = await startPlatformStandIns({
    youtube: { videos: { dQw4w9WgXcQ: { title: 'A talk' } } },
    tiktok: {
      videos: { [ID]: { author: { uniqueId: 'chef.ana' } } },
      shortLinks: {
        ZMabc1234: `https://www.tiktok.com/@chef.ana/video/${ID}?_r=1&_t=8kXyZ`,
        ZSxyz9876: `https://www.tiktok.com/@chef.ana/video/${ID}`,
        ZTRabc123: `https://www.tiktok.com/@chef.ana/video/${ID}?is_from_webapp=1`,
        ZMhop0001: 'https://vm.tiktok.com/ZMabc1234/',
        ZMprivate: canary.url(`/@chef.ana/video/${ID}`),
      },
    },
  });
  sources = createVideoSources({ origins: standIns.origins });
});

afterAll(async () => {
  await sources.close();
  await Promise.all([standIns.close(), canary.close()]);
});

describe('PlatformVideoSources', () => {
  it('resolves every direct form without a request', async () => {
    const before = standIns.tiktok?.requests.length;
    await expect(sources.resolve('https://youtu.be/dQw4w9WgXcQ?si=x')).resolves.toEqual({
      platform: 'youtube',
      platformId: 'dQw4w9WgXcQ',
    });
    await expect(sources.resolve(`https://www.tiktok.com/@chef.ana/video/${ID}`)).resolves.toEqual({
      platform: 'tiktok',
      platformId: ID,
    });
    await expect(sources.resolve('https://www.instagram.com/reel/C1a2B3c4D5e/')).resolves.toEqual({
      platform: 'instagram',
      platformId: 'C1a2B3c4D5e',
    });
    expect(standIns.tiktok?.requests.length).toBe(before);
  });

  it.each([
    'https://vm.tiktok.com/ZMabc1234/',
    'https://vt.tiktok.com/ZSxyz9876/',
    'https://www.tiktok.com/t/ZTRabc123/',
    'https://vm.tiktok.com/ZMhop0001/',
  ])('follows the short link %s to its video, through the replaced origin', async (url) => {
    await expect(sources.resolve(url)).resolves.toEqual({ platform: 'tiktok', platformId: ID });
  });

  it('stops at the video URL without fetching the video page', async () => {
    const from = standIns.tiktok?.requests.length ?? 0;
    await sources.resolve('https://vm.tiktok.com/ZMabc1234/');
    expect(standIns.tiktok?.requests.slice(from).map((request) => request.path)).toEqual(['/ZMabc1234/']);
  });

  it('reports a short link that leads to no video as not found', async () => {
    await expect(sources.resolve('https://vm.tiktok.com/ZMexpired/')).rejects.toMatchObject({
      code: 'VIDEO_NOT_FOUND',
      url: 'https://vm.tiktok.com/ZMexpired/',
    });
  });

  it('refuses a short link that redirects into a private network, without connecting', async () => {
    await expect(sources.resolve('https://vm.tiktok.com/ZMprivate/')).rejects.toMatchObject({
      code: 'PLATFORM_ERROR',
      message: expect.stringContaining('public-URL policy refuses'),
    });
    expect(canary.connections).toBe(0);
  });

  it.each([
    'https://www.youtube.com/@LinusTechTips',
    'https://vimeo.com/123456',
    `https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ`,
    "javascript:alert('https://youtu.be/dQw4w9WgXcQ')",
  ])('refuses %s as unsupported, naming the platforms', async (url) => {
    expect(sources.isSupported(url)).toBe(false);
    await expect(sources.resolve(url)).rejects.toMatchObject({
      code: 'UNSUPPORTED_URL',
      url,
      message: expect.stringContaining('youtube, instagram, tiktok'),
    });
  });

  it('supports short links without resolving them', () => {
    const before = standIns.tiktok?.requests.length;
    expect(sources.isSupported('https://vm.tiktok.com/ZMabc1234/')).toBe(true);
    expect(standIns.tiktok?.requests.length).toBe(before);
  });

  it('hands out each platform adapter', () => {
    expect(
      ['youtube', 'tiktok', 'instagram'].map((name) => sources.platform(name as 'youtube').name),
    ).toEqual(['youtube', 'tiktok', 'instagram']);
  });
});

describe('the public-URL policy around replaced origins', () => {
  it('reaches nothing private but the configured origins', async () => {
    const tiktok = standIns.tiktok;
    if (!tiktok) throw new Error('no TikTok stand-in');
    // TikTok's host resolves to the machine its stand-in listens on, but only YouTube is replaced.
    const onlyYouTube = createVideoSources({
      origins: { youtube: standIns.origins.youtube },
      lookup: mappedLookup({ 'www.tiktok.com': ['127.0.0.1'] }),
    });
    const from = tiktok.connections;
    try {
      await expect(
        onlyYouTube.platform('youtube').details({ platform: 'youtube', platformId: 'dQw4w9WgXcQ' }),
      ).resolves.toMatchObject({
        title: 'A talk',
      });
      await expect(
        onlyYouTube.platform('tiktok').details({ platform: 'tiktok', platformId: ID }),
      ).rejects.toMatchObject({
        code: 'PLATFORM_ERROR',
        message: expect.stringContaining('not a public address'),
      });
      expect(tiktok.connections).toBe(from);
    } finally {
      await onlyYouTube.close();
    }
  });

  it('without replaced origins, reaches no private address at all', async () => {
    const strict = createVideoSources({ lookup: mappedLookup({ 'www.youtube.com': ['127.0.0.1'] }) });
    try {
      await expect(
        strict.platform('youtube').details({ platform: 'youtube', platformId: 'dQw4w9WgXcQ' }),
      ).rejects.toMatchObject({
        code: 'PLATFORM_ERROR',
        message: expect.stringContaining('not a public address'),
      });
    } finally {
      await strict.close();
    }
  });
});
