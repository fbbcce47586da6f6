import { PlatformOrigins } from './platform-origins';

const origins = new PlatformOrigins({
  youtube: 'http://127.0.0.1:9001',
  tiktok: 'http://127.0.0.1:9002/',
  instagram: 'https://mirror.example.org',
});
const routed = (url: string) => origins.route(new URL(url)).href;

describe('PlatformOrigins', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1', 'http://127.0.0.1:9001/watch?v=dQw4w9WgXcQ&t=1'],
    ['https://consent.youtube.com/ml?continue=x', 'http://127.0.0.1:9001/ml?continue=x'],
    ['https://youtube.com/youtubei/v1/player?key=k', 'http://127.0.0.1:9001/youtubei/v1/player?key=k'],
    [
      'https://rr4---sn-4g5edndl.googlevideo.com/videoplayback?itag=139',
      'http://127.0.0.1:9001/videoplayback?itag=139',
    ],
    ['https://i.ytimg.com/vi/x/maxresdefault.jpg', 'http://127.0.0.1:9001/vi/x/maxresdefault.jpg'],
    ['https://youtu.be/dQw4w9WgXcQ', 'http://127.0.0.1:9001/dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/x', 'http://127.0.0.1:9001/embed/x'],
    ['https://vm.tiktok.com/ZMabc/', 'http://127.0.0.1:9002/ZMabc/'],
    ['https://v16-webapp-prime.tiktok.com/video/tos/a/?x=1', 'http://127.0.0.1:9002/video/tos/a/?x=1'],
    ['https://p16-sign-va.tiktokcdn.com/obj/x', 'http://127.0.0.1:9002/obj/x'],
    ['https://v19.tiktokcdn-us.com/x', 'http://127.0.0.1:9002/x'],
    ['https://api16-normal-c-useast1a.tiktokv.com/aweme/v1/x', 'http://127.0.0.1:9002/aweme/v1/x'],
    ['https://www.instagram.com/api/graphql', 'https://mirror.example.org/api/graphql'],
    ['https://scontent-muc2-1.cdninstagram.com/v/a.jpg', 'https://mirror.example.org/v/a.jpg'],
    ['https://instagram.fmuc2-1.fna.fbcdn.net/o1/v/a.mp4?oe=1', 'https://mirror.example.org/o1/v/a.mp4?oe=1'],
  ])('routes %s to %s', (url, target) => {
    expect(routed(url)).toBe(target);
  });

  it.each([
    'https://example.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.com/watch',
    'https://notyoutube.com/watch',
    'https://tiktok.com.evil.com/x',
    'https://fbcdn.net.evil.com/x',
  ])('leaves %s alone', (url) => {
    expect(routed(url)).toBe(url);
  });

  it('leaves the hosts of platforms without a replacement alone', () => {
    const onlyYouTube = new PlatformOrigins({ youtube: 'http://127.0.0.1:9001' });
    expect(onlyYouTube.route(new URL('https://www.tiktok.com/@a/video/1')).href).toBe(
      'https://www.tiktok.com/@a/video/1',
    );
  });

  it('lists exactly the origins host:port for the allow-list, default ports spelled out', () => {
    expect(origins.allowHosts).toEqual(['127.0.0.1:9001', '127.0.0.1:9002', 'mirror.example.org:443']);
    expect(new PlatformOrigins({ youtube: 'http://[::1]:9000' }).allowHosts).toEqual(['[::1]:9000']);
    expect(new PlatformOrigins().allowHosts).toEqual([]);
  });

  it.each([
    [{ vimeo: 'http://127.0.0.1:9000' }, 'not a platform'],
    [{ youtube: 'http://127.0.0.1:9000/prefix' }, 'must be an http(s) origin'],
    [{ youtube: 'http://127.0.0.1:9000/?a=1' }, 'must be an http(s) origin'],
    [{ youtube: 'ftp://127.0.0.1:9000' }, 'must be an http(s) origin'],
    [{ youtube: 'http://user:pw@127.0.0.1:9000' }, 'must be an http(s) origin'],
    [{ youtube: '127.0.0.1:9000' }, 'must be an http(s) origin'],
  ])('refuses %j', (config, message) => {
    expect(() => new PlatformOrigins(config as never)).toThrow(message);
  });
});
