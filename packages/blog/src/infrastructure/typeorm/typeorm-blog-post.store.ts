import { DataSource, FindOptionsSelect, LessThan, LessThanOrEqual, Not, Repository } from 'typeorm';
import type {
  BlogPostRecord,
  BlogPostSummary,
  Citation,
  PostStatus,
  SearchIntent,
} from '../../domain/blog-post';
import { BlogPostStore } from '../../ports/blog-post.store';
import { BlogPostEntity } from './blog-post.entity';

const SUMMARY_COLUMNS: FindOptionsSelect<BlogPostEntity> = {
  id: true,
  slug: true,
  title: true,
  excerpt: true,
  primaryKeyword: true,
  searchIntent: true,
  cluster: true,
  readingMinutes: true,
  publishedAt: true,
  updatedAt: true,
};

/** The posts in `quarry_blog_posts`, on SQLite and PostgreSQL alike. */
export class TypeormBlogPostStore extends BlogPostStore {
  private readonly posts: Repository<BlogPostEntity>;

  constructor(private readonly dataSource: DataSource) {
    super();
    this.posts = dataSource.getRepository(BlogPostEntity);
  }

  async replaceAll(posts: readonly BlogPostRecord[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const repository = manager.getRepository(BlogPostEntity);
      const kept = new Set(posts.map((post) => post.id));
      const stored = await repository.find({ select: { id: true } });
      const gone = stored.map(({ id }) => id).filter((id) => !kept.has(id));
      if (gone.length > 0) await repository.delete(gone);
      // A slug may move from one id to another between two loads: free the slugs first.
      for (const post of posts) await repository.delete({ slug: post.slug, id: Not(post.id) });
      if (posts.length > 0) await repository.upsert(posts.map(toEntity), ['id']);
    });
  }

  async listVisible(visibleAt: Date, limit: number, before?: Date): Promise<BlogPostSummary[]> {
    const rows = await this.posts.find({
      select: SUMMARY_COLUMNS,
      where: {
        status: 'published',
        publishedAt: before && before <= visibleAt ? LessThan(before) : LessThanOrEqual(visibleAt),
      },
      order: { publishedAt: 'DESC' },
      take: limit,
    });
    return rows.map(toSummary);
  }

  async findVisible(slug: string, visibleAt: Date): Promise<BlogPostRecord | undefined> {
    const row = await this.posts.findOneBy({
      slug,
      status: 'published',
      publishedAt: LessThanOrEqual(visibleAt),
    });
    return row ? toRecord(row) : undefined;
  }

  async related(post: BlogPostRecord, visibleAt: Date, limit: number): Promise<BlogPostSummary[]> {
    const visible = { status: 'published', publishedAt: LessThanOrEqual(visibleAt), id: Not(post.id) };
    const sameCluster = await this.posts.find({
      select: SUMMARY_COLUMNS,
      where: { ...visible, cluster: post.cluster },
      order: { publishedAt: 'DESC' },
      take: limit,
    });
    if (sameCluster.length >= limit) return sameCluster.map(toSummary);
    const others = await this.posts.find({
      select: SUMMARY_COLUMNS,
      where: { ...visible, cluster: Not(post.cluster) },
      order: { publishedAt: 'DESC' },
      take: limit - sameCluster.length,
    });
    return [...sameCluster, ...others].map(toSummary);
  }
}

function toEntity(post: BlogPostRecord): BlogPostEntity {
  return {
    ...post,
    citations: JSON.stringify(post.citations),
    quality: post.quality === null ? null : JSON.stringify(post.quality),
  };
}

function toSummary(row: BlogPostEntity): BlogPostSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    primaryKeyword: row.primaryKeyword,
    searchIntent: row.searchIntent as SearchIntent,
    cluster: row.cluster,
    readingMinutes: row.readingMinutes,
    publishedAt: row.publishedAt,
    updatedAt: row.updatedAt,
  };
}

function toRecord(row: BlogPostEntity): BlogPostRecord {
  return {
    ...toSummary(row),
    status: row.status as PostStatus,
    bodyMarkdown: row.bodyMarkdown,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    citations: JSON.parse(row.citations) as Citation[],
    quality: row.quality === null ? null : (JSON.parse(row.quality) as Record<string, unknown>),
    scheduledFor: row.scheduledFor,
    publicationDate: row.publicationDate,
    disclosure: row.disclosure,
  };
}
