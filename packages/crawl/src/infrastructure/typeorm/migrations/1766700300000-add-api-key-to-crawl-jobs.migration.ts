import { MigrationInterface, QueryRunner } from 'typeorm';
import { jobRecordApiKeyColumn } from '@quarry/jobs';

/** The crawl jobs table gets the job block's `api_key_id`: the key a job's charge is counted under. */
export class AddApiKeyToCrawlJobs1766700300000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('quarry_crawl_jobs', jobRecordApiKeyColumn());
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('quarry_crawl_jobs', 'api_key_id');
  }
}
