import { RobotsRules } from './robots-rules';

const allows = (rules: RobotsRules, path: string) => rules.allows(new URL(`https://example.com${path}`));

describe('RobotsRules', () => {
  const robots = RobotsRules.parse(`# site rules
User-agent: *
Disallow: /private
Crawl-delay: 10

User-agent: Googlebot
User-agent: Quarry
Disallow: /admin/
Allow: /admin/public
Disallow: /*.pdf$
Crawl-delay: 2

Sitemap: https://example.com/sitemap-index.xml
Sitemap: https://example.com/news.xml.gz
`);

  it('follows the group that names Quarry, with the longest rule winning', () => {
    expect(allows(robots, '/admin/users')).toBe(false);
    expect(allows(robots, '/admin/public/page')).toBe(true);
    expect(allows(robots, '/private')).toBe(true);
    expect(allows(robots, '/files/a.pdf')).toBe(false);
    expect(allows(robots, '/files/a.pdf?x=1')).toBe(true);
    expect(robots.crawlDelaySeconds).toBe(2);
    expect(robots.sitemaps).toEqual([
      'https://example.com/sitemap-index.xml',
      'https://example.com/news.xml.gz',
    ]);
  });

  it('falls back to the * group, and allows everything without rules', () => {
    const star = RobotsRules.parse('User-agent: *\nDisallow: /private\nCrawl-delay: 1.5\n');
    expect(allows(star, '/private/x')).toBe(false);
    expect(allows(star, '/public')).toBe(true);
    expect(star.crawlDelaySeconds).toBe(1.5);
    expect(allows(RobotsRules.parse('User-agent: *\nDisallow:\n'), '/anything')).toBe(true);
    expect(allows(RobotsRules.ALLOW_ALL, '/anything')).toBe(true);
  });
});
