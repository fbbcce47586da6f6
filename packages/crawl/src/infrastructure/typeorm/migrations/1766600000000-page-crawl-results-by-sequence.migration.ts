import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * A crawl's results are paged by a sequence each page takes when it is recorded, in the order the
 * records commit, instead of by the time they were recorded: two workers could commit out of the
 * order of their clocks, and a page committed after a cursor was issued, with an earlier time,
 * was never listed. `quarry_crawls.recorded` is the last sequence a crawl gave out; pages recorded
 * before are numbered in their recorded order.
 */
export class PageCrawlResultsBySequence1766600000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'quarry_crawls',
      new TableColumn({ name: 'recorded', type: 'integer', default: 0 }),
    );
    await queryRunner.addColumn(
      'quarry_crawl_pages',
      new TableColumn({ name: 'seq', type: 'integer', isNullable: true }),
    );
    await queryRunner.query(
      `UPDATE quarry_crawl_pages SET seq = (
         SELECT COUNT(*) FROM quarry_crawl_pages earlier
         WHERE earlier.crawl_id = quarry_crawl_pages.crawl_id AND earlier.recorded_at IS NOT NULL
           AND (earlier.recorded_at < quarry_crawl_pages.recorded_at
             OR (earlier.recorded_at = quarry_crawl_pages.recorded_at AND earlier.page_id <= quarry_crawl_pages.page_id)))
       WHERE recorded_at IS NOT NULL`,
    );
    await queryRunner.query(
      'UPDATE quarry_crawls SET recorded = COALESCE((SELECT MAX(seq) FROM quarry_crawl_pages WHERE crawl_id = quarry_crawls.id), 0)',
    );
    await queryRunner.dropIndex('quarry_crawl_pages', 'idx_quarry_crawl_pages_recorded');
    await queryRunner.dropColumn('quarry_crawl_pages', 'recorded_at');
    await queryRunner.createIndex(
      'quarry_crawl_pages',
      new TableIndex({
        name: 'idx_quarry_crawl_pages_seq',
        columnNames: ['crawl_id', 'seq'],
        isUnique: true,
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('quarry_crawl_pages', 'idx_quarry_crawl_pages_seq');
    await queryRunner.addColumn(
      'quarry_crawl_pages',
      new TableColumn({ name: 'recorded_at', type: 'bigint', isNullable: true }),
    );
    // The recorded times are gone; the sequence keeps their order.
    await queryRunner.query('UPDATE quarry_crawl_pages SET recorded_at = seq WHERE seq IS NOT NULL');
    await queryRunner.createIndex(
      'quarry_crawl_pages',
      new TableIndex({
        name: 'idx_quarry_crawl_pages_recorded',
        columnNames: ['crawl_id', 'recorded_at', 'page_id'],
      }),
    );
    await queryRunner.dropColumn('quarry_crawl_pages', 'seq');
    await queryRunner.dropColumn('quarry_crawls', 'recorded');
  }
}
