import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class CreateScrapeCache1763790000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_scrape_cache',
        columns: [
          { name: 'key_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'url', type: 'text' },
          { name: 'value', type: 'text' },
          { name: 'expires_at', type: 'bigint' },
        ],
        indices: [new TableIndex({ name: 'idx_quarry_scrape_cache_expires', columnNames: ['expires_at'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quarry_scrape_cache');
  }
}
