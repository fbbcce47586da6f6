import { BlogContentError } from './blog-content.error';
import type { BlogPostRecord } from './blog-post';

/** A parsed post and the file it came from. */
export interface PostFile {
  file: string;
  post: BlogPostRecord;
}

/**
 * Checks what no single file can: ids and slugs are unique, and so are the publication times of
 * published posts, because the listing pages by time (`before`) and two posts at one instant
 * could fall between two pages.
 */
export function checkPostSet(files: readonly PostFile[]): void {
  const seen = new Map<string, string>();
  const claim = (key: string, file: string, field: string, what: string) => {
    const other = seen.get(key);
    if (other !== undefined) throw new BlogContentError(file, field, `${what} is also used by ${other}`);
    seen.set(key, file);
  };
  for (const { file, post } of files) {
    claim(`id:${post.id}`, file, 'id', post.id);
    claim(`slug:${post.slug}`, file, 'slug', post.slug);
    if (post.status === 'published')
      claim(`time:${post.publishedAt.getTime()}`, file, 'publishedAt', post.publishedAt.toISOString());
  }
}
