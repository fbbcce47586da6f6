import { BlogPostEntity } from './blog-post.entity';
import { CreateBlogPosts1764200000000 } from './migrations/1764200000000-create-blog-posts.migration';

/** What the app adds to its TypeORM data source for this package. */
export const blogEntities = [BlogPostEntity];
export const blogMigrations = [CreateBlogPosts1764200000000];
