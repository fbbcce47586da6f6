import { socialLinks, socialProfile } from './social-links';

describe('socialProfile', () => {
  it.each([
    ['https://twitter.com/acme', 'twitter', 'https://twitter.com/acme'],
    ['https://x.com/acme/', 'twitter', 'https://x.com/acme'],
    ['https://github.com/acme', 'github', 'https://github.com/acme'],
    ['https://www.linkedin.com/company/acme/', 'linkedin', 'https://www.linkedin.com/company/acme'],
    ['https://www.youtube.com/@acme', 'youtube', 'https://www.youtube.com/@acme'],
    ['https://youtube.com/channel/UC123', 'youtube', 'https://youtube.com/channel/UC123'],
    ['https://instagram.com/acme?hl=en', 'instagram', 'https://instagram.com/acme'],
    ['https://www.facebook.com/acme', 'facebook', 'https://www.facebook.com/acme'],
    ['https://www.tiktok.com/@acme', 'tiktok', 'https://www.tiktok.com/@acme'],
    ['https://fosstodon.org/@acme', 'mastodon', 'https://fosstodon.org/@acme'],
    ['https://discord.com/invite/abc', 'discord', 'https://discord.com/invite/abc'],
    ['https://www.pinterest.com/acme/', 'pinterest', 'https://www.pinterest.com/acme'],
    ['https://www.threads.com/@acme', 'threads', 'https://www.threads.com/@acme'],
    ['https://bsky.app/profile/acme.com', 'bluesky', 'https://bsky.app/profile/acme.com'],
    [
      'https://www.facebook.com/profile.php?id=100012',
      'facebook',
      'https://www.facebook.com/profile.php?id=100012',
    ],
    ['https://discordapp.com/invite/abc', 'discord', 'https://discordapp.com/invite/abc'],
    ['https://uk.pinterest.com/acme/', 'pinterest', 'https://uk.pinterest.com/acme'],
  ])('recognises %s as a %s profile', (href, platform, url) => {
    expect(socialProfile(href)).toEqual({ platform, url });
  });

  it.each([
    'https://twitter.com/intent/tweet?text=hi',
    'https://twitter.com/share?url=x',
    'https://x.com/acme/status/1',
    'https://www.facebook.com/sharer/sharer.php?u=x',
    'https://www.facebook.com/dialog/share',
    'https://www.linkedin.com/shareArticle?url=x',
    'https://www.pinterest.com/pin/create/button/?url=x',
    'https://github.com/acme/repo',
    'https://www.youtube.com/watch?v=1',
    'https://www.instagram.com/p/abc/',
    'https://medium.com/@acme',
    'https://example.com/@acme',
    'mailto:hi@acme.com',
  ])('refuses %s, which is no profile', (href) => {
    expect(socialProfile(href)).toBeNull();
  });

  it('accepts a rel="me" link on any Mastodon server', () => {
    expect(socialProfile('https://social.example/@acme', 'me')).toEqual({
      platform: 'mastodon',
      url: 'https://social.example/@acme',
    });
  });
});

describe('socialLinks', () => {
  it('merges the page and JSON-LD sameAs, once per profile', () => {
    const links = socialLinks(
      [
        { href: 'https://twitter.com/acme', rel: '' },
        { href: 'https://twitter.com/acme/', rel: '' },
      ],
      ['https://www.twitter.com/acme', 'https://github.com/acme'],
    );
    expect(links).toEqual([
      { platform: 'twitter', url: 'https://twitter.com/acme' },
      { platform: 'github', url: 'https://github.com/acme' },
    ]);
  });
});
