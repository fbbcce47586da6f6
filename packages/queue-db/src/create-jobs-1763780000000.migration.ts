import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class CreateJobs1763780000000 implements MigrationInterface {
  name = 'CreateJobs1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_jobs',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'queue', type: 'varchar', length: '200' },
          { name: 'job_id', type: 'varchar', length: '200' },
          { name: 'data', type: 'text' },
          { name: 'state', type: 'varchar', length: '16' },
          { name: 'attempts_made', type: 'integer', default: 0 },
          { name: 'max_attempts', type: 'integer' },
          { name: 'backoff', type: 'text', isNullable: true },
          { name: 'run_at', type: 'bigint' },
          { name: 'lease_owner', type: 'varchar', length: '64', isNullable: true },
          { name: 'lease_until', type: 'bigint', isNullable: true },
          { name: 'stalled_count', type: 'integer', default: 0 },
          { name: 'failed_reason', type: 'text', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({
            name: 'quarry_jobs_queue_job_id_unique',
            columnNames: ['queue', 'job_id'],
            isUnique: true,
          }),
          new TableIndex({ name: 'quarry_jobs_claim_idx', columnNames: ['queue', 'state', 'run_at'] }),
          new TableIndex({ name: 'quarry_jobs_purge_idx', columnNames: ['state', 'updated_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quarry_jobs');
  }
}
