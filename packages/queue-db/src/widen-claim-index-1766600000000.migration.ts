import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * The claim index ends with `created_at`, the claim's tie-break: the next due job is read off the
 * index in order, however many jobs wait behind it, instead of every due job being sorted.
 */
export class WidenClaimIndex1766600000000 implements MigrationInterface {
  name = 'WidenClaimIndex1766600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('quarry_jobs', 'quarry_jobs_claim_idx');
    await queryRunner.createIndex(
      'quarry_jobs',
      new TableIndex({
        name: 'quarry_jobs_claim_idx',
        columnNames: ['queue', 'state', 'run_at', 'created_at'],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('quarry_jobs', 'quarry_jobs_claim_idx');
    await queryRunner.createIndex(
      'quarry_jobs',
      new TableIndex({ name: 'quarry_jobs_claim_idx', columnNames: ['queue', 'state', 'run_at'] }),
    );
  }
}
