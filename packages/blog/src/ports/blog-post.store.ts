import type { BlogPostRecord, BlogPostSummary } from '../domain/blog-post';

/** Where the loaded posts live, so every app instance serves the same set. */
export abstract class BlogPostStore {
  /** Makes the stored set exactly `posts`: new and changed ones written, missing ones deleted. */
  abstract replaceAll(posts: readonly BlogPostRecord[]): Promise<void>;

  /** Published posts with `publishedAt <= visibleAt` (and `< before` when given), newest first. */
  abstract listVisible(visibleAt: Date, limit: number, before?: Date): Promise<BlogPostSummary[]>;

  /** The published post with this slug, when its `publishedAt <= visibleAt`. */
  abstract findVisible(slug: string, visibleAt: Date): Promise<BlogPostRecord | undefined>;

  /** Up to `limit` other visible posts: the ones of `cluster` first, each group newest first. */
  abstract related(post: BlogPostRecord, visibleAt: Date, limit: number): Promise<BlogPostSummary[]>;
}
