import { recogniseVideoUrl, VIDEO_URL_PATTERN } from './video-url';

const YT = 'dQw4w9WgXcQ';
const TT = '7301234567890123456';

describe('recogniseVideoUrl', () => {
  it.each([
    `https://www.youtube.com/watch?v=${YT}`,
    `https://youtube.com/watch?v=${YT}`,
    `http://www.youtube.com/watch?v=${YT}`,
    `https://m.youtube.com/watch?v=${YT}&feature=share`,
    `https://music.youtube.com/watch?v=${YT}&list=RDAMVM${YT}`,
    `https://www.youtube.com/watch?feature=youtu.be&v=${YT}&t=42s`,
    `https://www.youtube.com/watch?v=${YT}#t=30`,
    `https://WWW.YOUTUBE.COM/watch?v=${YT}`,
    `https://www.youtube.com./watch?v=${YT}`,
    `https://youtu.be/${YT}`,
    `https://youtu.be/${YT}?si=abcdEFGH&t=10`,
    `https://www.youtube.com/shorts/${YT}`,
    `https://youtube.com/shorts/${YT}?feature=share`,
    `https://m.youtube.com/shorts/${YT}/`,
    `https://www.youtube.com/embed/${YT}?start=5`,
    `https://www.youtube.com/live/${YT}?si=x`,
    `https://www.youtube.com/v/${YT}`,
    `https://www.youtube-nocookie.com/embed/${YT}`,
    `https://youtube-nocookie.com/embed/${YT}?rel=0`,
    `  https://youtu.be/${YT}  `,
  ])('reads the YouTube id of %s', (url) => {
    expect(recogniseVideoUrl(url)).toEqual({ kind: 'video', ref: { platform: 'youtube', platformId: YT } });
  });

  it('keeps ids with - and _', () => {
    expect(recogniseVideoUrl('https://youtu.be/a-B_c1D2e3F')).toMatchObject({
      ref: { platformId: 'a-B_c1D2e3F' },
    });
  });

  it.each([
    ['https://www.instagram.com/reel/C1a2B3c4D5e/', 'C1a2B3c4D5e'],
    ['https://instagram.com/reel/C1a2B3c4D5e', 'C1a2B3c4D5e'],
    ['https://www.instagram.com/reels/C1a2B3c4D5e/?igsh=MWQ1ZGUxMzBkMA==', 'C1a2B3c4D5e'],
    ['https://www.instagram.com/p/B-x_y1Z2w3v/?utm_source=ig_web_copy_link', 'B-x_y1Z2w3v'],
    ['https://www.instagram.com/tv/CAbCdEfGhIj/', 'CAbCdEfGhIj'],
    ['https://m.instagram.com/p/CAbCdEfGhIj/', 'CAbCdEfGhIj'],
    ['https://www.instagram.com/p/CAbCdEfGhIj/embed/', 'CAbCdEfGhIj'],
    ['https://www.instagram.com/natgeo/reel/C1a2B3c4D5e/', 'C1a2B3c4D5e'],
    ['https://www.instagram.com/natgeo/p/CAbCdEfGhIj/', 'CAbCdEfGhIj'],
  ])('reads the Instagram shortcode of %s', (url, shortcode) => {
    expect(recogniseVideoUrl(url)).toEqual({
      kind: 'video',
      ref: { platform: 'instagram', platformId: shortcode },
    });
  });

  it.each([
    `https://www.tiktok.com/@scout2015/video/${TT}`,
    `https://tiktok.com/@scout2015/video/${TT}?is_from_webapp=1&sender_device=pc`,
    `https://m.tiktok.com/@some.user_name/video/${TT}`,
    `https://www.tiktok.com/@scout2015/video/${TT}/`,
    `https://www.tiktok.com/embed/v2/${TT}`,
    `https://www.tiktok.com/embed/${TT}`,
    `https://m.tiktok.com/v/${TT}.html`,
  ])('reads the TikTok id of %s', (url) => {
    expect(recogniseVideoUrl(url)).toEqual({ kind: 'video', ref: { platform: 'tiktok', platformId: TT } });
  });

  it.each([
    'https://vm.tiktok.com/ZMabc1234/',
    'https://vm.tiktok.com/ZMabc1234',
    'https://vt.tiktok.com/ZSxyz987/',
    'https://www.tiktok.com/t/ZTRabc123/',
    'https://tiktok.com/t/ZTRabc123',
  ])('recognises the TikTok short link %s without resolving it', (url) => {
    expect(recogniseVideoUrl(url)).toEqual({ kind: 'shortLink', platform: 'tiktok', url: new URL(url).href });
  });

  it('does not treat youtu.be as a short link: its id is in the path', () => {
    expect(recogniseVideoUrl(`https://youtu.be/${YT}`)).toMatchObject({ kind: 'video' });
  });

  it.each([
    ['a channel', 'https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw'],
    ['a handle', 'https://www.youtube.com/@LinusTechTips'],
    ['a handle video list', 'https://www.youtube.com/@LinusTechTips/videos'],
    ['a playlist', 'https://www.youtube.com/playlist?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI'],
    ['a watch page without v', 'https://www.youtube.com/watch?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI'],
    [
      'an embedded playlist',
      'https://www.youtube.com/embed/videoseries?list=PLFgquLnL59alCl_2TQvOiD5Vgm1hCaGSI',
    ],
    ['an id of the wrong length', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['an id with other characters', 'https://www.youtube.com/watch?v=dQw4w9WgXc!'],
    ['the home page', 'https://www.youtube.com/'],
    ['youtu.be without id', 'https://youtu.be/'],
    ['a look-alike host', `https://youtube.com.evil.com/watch?v=${YT}`],
    ['a look-alike suffix', `https://notyoutube.com/watch?v=${YT}`],
    ['a look-alike youtu.be', `https://youtu.be.evil.com/${YT}`],
    ['another host', `https://vimeo.com/${YT}`],
    ['credentials', `https://user:pass@www.youtube.com/watch?v=${YT}`],
    ['a port', `https://www.youtube.com:8443/watch?v=${YT}`],
    ['javascript:', `javascript:alert('https://youtu.be/${YT}')`],
    ['a data: URL', 'data:text/html,https://youtu.be/dQw4w9WgXcQ'],
    ['ftp', `ftp://youtu.be/${YT}`],
    ['no scheme', `youtu.be/${YT}`],
    ['not a URL', 'hello world'],
    ['an Instagram profile', 'https://www.instagram.com/natgeo/'],
    ['an Instagram reels audio page', 'https://www.instagram.com/reels/audio/1234567890/'],
    ['an Instagram story', 'https://www.instagram.com/stories/natgeo/3141592653589793238/'],
    ['an Instagram explore page', 'https://www.instagram.com/explore/tags/cats/'],
    ['a TikTok profile', 'https://www.tiktok.com/@scout2015'],
    ['a TikTok photo post', `https://www.tiktok.com/@scout2015/photo/${TT}`],
    ['a TikTok id with letters', 'https://www.tiktok.com/@scout2015/video/7301abc'],
    ['a TikTok tag', 'https://www.tiktok.com/tag/cats'],
    ['a TikTok look-alike', `https://tiktok.com.evil.com/@a/video/${TT}`],
    ['a short link with a path', 'https://vm.tiktok.com/ZMabc1234/extra/'],
  ])('rejects %s', (_case, url) => {
    expect(recogniseVideoUrl(url)).toBeNull();
  });
});

describe('VIDEO_URL_PATTERN', () => {
  const pattern = new RegExp(VIDEO_URL_PATTERN);

  it.each([
    `https://www.youtube.com/watch?v=${YT}`,
    `HTTPS://WWW.YouTube.COM/watch?v=${YT}`,
    `https://music.youtube.com/watch?v=${YT}`,
    `https://www.youtube-nocookie.com/embed/${YT}`,
    `https://youtu.be/${YT}`,
    `https://www.youtube.com./watch?v=${YT}`,
    'https://www.instagram.com/reel/C1a2B3c4D5e/',
    `https://m.tiktok.com/v/${TT}.html`,
    'https://vt.tiktok.com/ZSxyz987/',
  ])('accepts %s, as the recogniser does', (url) => {
    expect(recogniseVideoUrl(url)).not.toBeNull();
    expect(url).toMatch(pattern);
  });

  it.each([
    `https://youtube.com.evil.com/watch?v=${YT}`,
    `https://notyoutube.com/watch?v=${YT}`,
    `https://youtu.be.evil.com/${YT}`,
    `https://vimeo.com/${YT}`,
    `https://user:pass@www.youtube.com/watch?v=${YT}`,
    `https://www.youtube.com:8443/watch?v=${YT}`,
    `ftp://www.youtube.com/watch?v=${YT}`,
  ])('refuses %s, as the recogniser does', (url) => {
    expect(recogniseVideoUrl(url)).toBeNull();
    expect(url).not.toMatch(pattern);
  });
});
