import { Injectable } from '@nestjs/common';
import { Clock, NotFoundError } from '@quarry/core';
import { BlogPostStore } from '../ports/blog-post.store';
import type { BlogPost, BlogPostPage } from './blog-post';

/** Posts per page when the caller gives no `limit`, and the bounds of `limit`. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** How many `relatedPosts` one post carries. */
export const RELATED_POSTS = 3;

export interface BlogListRequest {
  /** 1..100. @default 20 */
  limit?: number;
  /** Only posts published before this time: the `nextCursor` of the previous page. */
  before?: Date;
}

/**
 * The published posts, as the HTTP routes serve them. Visibility is decided now, on each call,
 * by the injected Clock: a post with a future `publishedAt` appears once that time has come,
 * without a reload.
 */
@Injectable()
export class BlogService {
  constructor(
    private readonly store: BlogPostStore,
    private readonly clock: Clock,
  ) {}

  /** Newest first; `nextCursor` is the `before` of the next page, null when this page is the last. */
  async list(request: BlogListRequest = {}): Promise<BlogPostPage> {
    const limit = request.limit ?? DEFAULT_PAGE_SIZE;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE)
      throw new RangeError(`limit must be an integer 1..${MAX_PAGE_SIZE}, got ${limit}`);
    const posts = await this.store.listVisible(this.clock.now(), limit + 1, request.before);
    const page = posts.slice(0, limit);
    return { posts: page, nextCursor: posts.length > limit ? page[page.length - 1].publishedAt : null };
  }

  /** One published post with its related posts; `NotFoundError` (404) for unknown, draft or future ones. */
  async get(slug: string): Promise<BlogPost> {
    const now = this.clock.now();
    const post = await this.store.findVisible(slug, now);
    if (!post) throw new NotFoundError(`No published post has the slug ${JSON.stringify(slug)}.`);
    return { ...post, status: 'published', relatedPosts: await this.store.related(post, now, RELATED_POSTS) };
  }
}
