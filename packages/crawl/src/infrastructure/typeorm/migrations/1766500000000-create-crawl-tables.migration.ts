import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { jobRecordTable } from '@quarry/jobs';

export class CreateCrawlTables1766500000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(jobRecordTable('quarry_crawl_jobs'));
    await queryRunner.createTable(
      new Table({
        name: 'quarry_crawls',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'page_limit', type: 'integer' },
          { name: 'page_price', type: 'integer' },
          { name: 'discovered', type: 'integer' },
          { name: 'stop_reason', type: 'varchar', length: '16', isNullable: true },
          { name: 'expires_at', type: 'bigint' },
        ],
        indices: [new TableIndex({ name: 'idx_quarry_crawls_expires', columnNames: ['expires_at'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_crawl_pages',
        columns: [
          { name: 'crawl_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'page_id', type: 'varchar', length: '64', isPrimary: true },
          { name: 'url', type: 'text' },
          { name: 'depth', type: 'integer' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'result', type: 'text', isNullable: true },
          { name: 'recorded_at', type: 'bigint', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_quarry_crawl_pages_status', columnNames: ['crawl_id', 'status'] }),
          new TableIndex({
            name: 'idx_quarry_crawl_pages_recorded',
            columnNames: ['crawl_id', 'recorded_at', 'page_id'],
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_crawl_hosts',
        columns: [
          { name: 'host', type: 'varchar', length: '300', isPrimary: true },
          { name: 'next_at', type: 'bigint' },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_crawl_host_slots',
        columns: [
          { name: 'host', type: 'varchar', length: '300', isPrimary: true },
          { name: 'slot', type: 'integer', isPrimary: true },
          { name: 'until', type: 'bigint' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'quarry_crawl_host_slots',
      'quarry_crawl_hosts',
      'quarry_crawl_pages',
      'quarry_crawls',
      'quarry_crawl_jobs',
    ])
      await queryRunner.dropTable(table);
  }
}
