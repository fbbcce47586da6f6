export { BlogModule } from './blog.module';
export { BLOG_MODULE_OPTIONS } from './blog.module-definition';
export type { BlogModuleOptions } from './blog-options.interface';
export {
  BlogService,
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  RELATED_POSTS,
  type BlogListRequest,
} from './domain/blog.service';
export {
  POST_STATUSES,
  SEARCH_INTENTS,
  type BlogPost,
  type BlogPostPage,
  type BlogPostRecord,
  type BlogPostSummary,
  type Citation,
  type PostStatus,
  type SearchIntent,
} from './domain/blog-post';
export { BlogContentError } from './domain/blog-content.error';
export { readingMinutes, WORDS_PER_MINUTE } from './domain/reading-minutes';
export { BlogHttpModule } from './http/blog-http.module';
export { blogEntities, blogMigrations } from './infrastructure/typeorm/blog-schema';
