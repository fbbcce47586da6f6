import { FollowedLinks } from './followed-links';

describe('FollowedLinks', () => {
  it('answers the links not followed yet for a crawl, each once', () => {
    const links = new FollowedLinks(10);
    links.followed('crawl-a', ['https://a.test/1']);

    expect(links.unfollowed('crawl-a', ['https://a.test/1', 'https://a.test/2', 'https://a.test/2'])).toEqual(
      ['https://a.test/2'],
    );
    expect(links.unfollowed('crawl-b', ['https://a.test/1'])).toEqual(['https://a.test/1']);
  });

  it('keeps at most its capacity, forgetting the least recently followed first, so memory stays flat however large the crawl', () => {
    const links = new FollowedLinks(3);
    links.followed('crawl', ['p1', 'p2', 'p3', 'p1', 'p4']);

    expect(links.unfollowed('crawl', ['p1', 'p2', 'p3', 'p4'])).toEqual(['p2']);
  });
});
