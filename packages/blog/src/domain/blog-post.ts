/** Why a reader would search for the post; the usual four kinds of search intent. */
export const SEARCH_INTENTS = ['informational', 'navigational', 'commercial', 'transactional'] as const;
export type SearchIntent = (typeof SEARCH_INTENTS)[number];

/** A post is listed only when `published` and its `publishedAt` has come; a `draft` never is. */
export const POST_STATUSES = ['published', 'draft'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** A source the post relies on, with the claim it supports. */
export interface Citation {
  title: string;
  url: string;
  publisher: string;
  /** When the author last read the source, ISO 8601. */
  accessedAt: string;
  claim: string;
}

/** What the listing and `relatedPosts` show of a post. */
export interface BlogPostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  primaryKeyword: string;
  searchIntent: SearchIntent;
  cluster: string;
  readingMinutes: number;
  publishedAt: Date;
  updatedAt: Date;
}

/** A post as its file defines it, with the computed `readingMinutes`. */
export interface BlogPostRecord extends BlogPostSummary {
  status: PostStatus;
  bodyMarkdown: string;
  metaTitle: string;
  metaDescription: string;
  citations: Citation[];
  /** Editorial review data, free-form; null when the post has none. */
  quality: Record<string, unknown> | null;
  scheduledFor: Date | null;
  /** The calendar date shown as the publication date, `YYYY-MM-DD`. */
  publicationDate: string;
  disclosure: string | null;
}

/** One published post, as `GET /blog/posts/:slug` answers it. */
export interface BlogPost extends Omit<BlogPostRecord, 'status'> {
  status: 'published';
  /** Other published posts, same cluster first, then the newest. */
  relatedPosts: BlogPostSummary[];
}

/** A page of the listing: `nextCursor` is the `before` of the next page, null on the last one. */
export interface BlogPostPage {
  posts: BlogPostSummary[];
  nextCursor: Date | null;
}
