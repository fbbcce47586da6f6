/**
 * Page ids this process has seen recorded in the frontier, at most `capacity` of them (the oldest
 * forgotten first), so that the links every page repeats (navigation, footers) are told from new
 * ones without a database lookup. Only presence is trusted: a row of the frontier is never taken
 * back while its crawl lives, and an id not held here is looked up.
 */
export class KnownPageIds {
  private readonly ids = new Set<string>();

  constructor(private readonly capacity: number) {}

  has(crawlId: string, pageId: string): boolean {
    return this.ids.has(keyOf(crawlId, pageId));
  }

  add(crawlId: string, pageId: string): void {
    const key = keyOf(crawlId, pageId);
    if (this.ids.has(key)) return;
    if (this.ids.size >= this.capacity) this.ids.delete(this.ids.values().next().value!);
    this.ids.add(key);
  }
}

function keyOf(crawlId: string, pageId: string): string {
  return `${crawlId} ${pageId}`;
}
