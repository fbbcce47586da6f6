import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On a PostgreSQL server built with LZ4 (14 and later, as distributions ship it), crawled pages'
 * results are compressed with LZ4 instead of the default pglz, which spends several times the CPU
 * on each 100 KB result a page records. Other servers and SQLite keep their default.
 */
export class FastCrawlResultCompression1766900000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    if (await lz4Supported(queryRunner))
      await queryRunner.query('ALTER TABLE quarry_crawl_pages ALTER COLUMN result SET COMPRESSION lz4');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (await lz4Supported(queryRunner))
      await queryRunner.query('ALTER TABLE quarry_crawl_pages ALTER COLUMN result SET COMPRESSION DEFAULT');
  }
}

async function lz4Supported(queryRunner: QueryRunner): Promise<boolean> {
  if (queryRunner.connection.options.type !== 'postgres') return false;
  const rows: unknown[] = await queryRunner.query(
    "SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)",
  );
  return rows.length > 0;
}
