import { LruMap } from '@quarry/core';

/**
 * Links this process already followed for each crawl, as the pages wrote them, at most `capacity`
 * of them (the least recently followed forgotten first): the links every page repeats (navigation,
 * footers) are then skipped before they are parsed, checked and looked up. Following a link again
 * would change nothing while its crawl lives: the frontier never gives a URL back, scope and
 * robots.txt answer the same, and a crawl whose budget is spent stays full.
 */
export class FollowedLinks {
  private readonly links: LruMap<string, true>;

  constructor(capacity: number) {
    this.links = new LruMap(capacity);
  }

  /** The links of `found` not followed yet for the crawl, each once. */
  unfollowed(crawlId: string, found: readonly string[]): string[] {
    return [...new Set(found)].filter((link) => !this.links.get(keyOf(crawlId, link)));
  }

  /** Marks `links` followed: call once the frontier took them. */
  followed(crawlId: string, links: readonly string[]): void {
    for (const link of links) this.links.set(keyOf(crawlId, link), true);
  }
}

function keyOf(crawlId: string, link: string): string {
  return `${crawlId} ${link}`;
}
