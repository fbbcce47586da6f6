import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class CreateBlogPosts1764200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_blog_posts',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'slug', type: 'varchar', length: '200', isUnique: true },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'title', type: 'text' },
          { name: 'excerpt', type: 'text' },
          { name: 'primary_keyword', type: 'text' },
          { name: 'search_intent', type: 'varchar', length: '32' },
          { name: 'cluster', type: 'varchar', length: '200' },
          { name: 'reading_minutes', type: 'integer' },
          { name: 'published_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
          { name: 'body_markdown', type: 'text' },
          { name: 'meta_title', type: 'text' },
          { name: 'meta_description', type: 'text' },
          { name: 'citations', type: 'text' },
          { name: 'quality', type: 'text', isNullable: true },
          { name: 'scheduled_for', type: 'bigint', isNullable: true },
          { name: 'publication_date', type: 'varchar', length: '10' },
          { name: 'disclosure', type: 'text', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_quarry_blog_posts_listing', columnNames: ['status', 'published_at'] }),
          new TableIndex({ name: 'idx_quarry_blog_posts_cluster', columnNames: ['cluster', 'published_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quarry_blog_posts');
  }
}
