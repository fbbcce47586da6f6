import { MigrationInterface, QueryRunner } from 'typeorm';
import { jobRecordApiKeyColumn } from '@quarry/jobs';

/** The scrape jobs table gets the job block's `api_key_id`: the key a job's charge is counted under. */
export class AddApiKeyToScrapeJobs1766700100000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('quarry_scrape_jobs', jobRecordApiKeyColumn());
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('quarry_scrape_jobs', 'api_key_id');
  }
}
