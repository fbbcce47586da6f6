import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** The scrape jobs table gets the job block's `progress` column. */
export class AddProgressToScrapeJobs1766000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'quarry_scrape_jobs',
      new TableColumn({ name: 'progress', type: 'integer', default: 0 }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('quarry_scrape_jobs', 'progress');
  }
}
