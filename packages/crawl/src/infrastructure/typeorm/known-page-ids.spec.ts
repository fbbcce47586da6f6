import { KnownPageIds } from './known-page-ids';

describe('KnownPageIds', () => {
  it('holds ids per crawl', () => {
    const known = new KnownPageIds(10);
    known.add('crawl-a', 'page-1');

    expect(known.has('crawl-a', 'page-1')).toBe(true);
    expect(known.has('crawl-b', 'page-1')).toBe(false);
    expect(known.has('crawl-a', 'page-2')).toBe(false);
  });

  it('keeps at most its capacity, forgetting the oldest first, so memory stays flat however large the crawl', () => {
    const known = new KnownPageIds(3);
    for (const page of ['p1', 'p2', 'p3', 'p1', 'p4']) known.add('crawl', page);

    expect(['p1', 'p2', 'p3', 'p4'].filter((page) => known.has('crawl', page))).toEqual(['p2', 'p3', 'p4']);
  });
});
