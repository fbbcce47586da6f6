import { Column, Entity, PrimaryColumn } from 'typeorm';
import { TimestampColumn } from '@quarry/persistence';

/** One post as loaded from its file; the files stay the source of truth, the table what every instance reads. */
@Entity({ name: 'quarry_blog_posts' })
export class BlogPostEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 200, unique: true })
  slug!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ type: 'text' })
  title!: string;

  @Column({ type: 'text' })
  excerpt!: string;

  @Column({ name: 'primary_keyword', type: 'text' })
  primaryKeyword!: string;

  @Column({ name: 'search_intent', type: 'varchar', length: 32 })
  searchIntent!: string;

  @Column({ type: 'varchar', length: 200 })
  cluster!: string;

  @Column({ name: 'reading_minutes', type: 'integer' })
  readingMinutes!: number;

  @TimestampColumn({ name: 'published_at' })
  publishedAt!: Date;

  @TimestampColumn({ name: 'updated_at' })
  updatedAt!: Date;

  @Column({ name: 'body_markdown', type: 'text' })
  bodyMarkdown!: string;

  @Column({ name: 'meta_title', type: 'text' })
  metaTitle!: string;

  @Column({ name: 'meta_description', type: 'text' })
  metaDescription!: string;

  /** JSON array of citations. */
  @Column({ type: 'text' })
  citations!: string;

  /** JSON object, or null. */
  @Column({ type: 'text', nullable: true })
  quality!: string | null;

  @TimestampColumn({ name: 'scheduled_for', nullable: true })
  scheduledFor!: Date | null;

  @Column({ name: 'publication_date', type: 'varchar', length: 10 })
  publicationDate!: string;

  @Column({ type: 'text', nullable: true })
  disclosure!: string | null;
}
