import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/** An account's recent jobs (the dashboard's jobs page) read by index, not by scanning every job. */
export class IndexVideoJobsByAccount1764920000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'quarry_video_jobs',
      new TableIndex({
        name: 'idx_quarry_video_jobs_account_created',
        columnNames: ['account_id', 'created_at'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('quarry_video_jobs', 'idx_quarry_video_jobs_account_created');
  }
}
