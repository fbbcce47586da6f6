import { MigrationInterface, QueryRunner } from 'typeorm';
import { jobRecordApiKeyColumn } from '@quarry/jobs';

/** The video jobs table gets the job block's `api_key_id`: the key a job's charge is counted under. */
export class AddApiKeyToVideoJobs1766700200000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('quarry_video_jobs', jobRecordApiKeyColumn());
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('quarry_video_jobs', 'api_key_id');
  }
}
