import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

export class CreateVideoJobs1764110000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_video_jobs',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'request', type: 'text' },
          { name: 'callback_url', type: 'text', isNullable: true },
          { name: 'callback_token', type: 'varchar', length: '256', isNullable: true },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'progress', type: 'integer' },
          { name: 'attempts', type: 'integer' },
          { name: 'result', type: 'text', isNullable: true },
          { name: 'error', type: 'text', isNullable: true },
          { name: 'delivery_status', type: 'varchar', length: '16', isNullable: true },
          { name: 'delivery_attempts', type: 'integer' },
          { name: 'delivery_last_status_code', type: 'integer', isNullable: true },
          { name: 'delivery_last_error', type: 'text', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
          { name: 'expires_at', type: 'bigint' },
        ],
        indices: [new TableIndex({ name: 'idx_quarry_video_jobs_expires', columnNames: ['expires_at'] })],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quarry_video_jobs');
  }
}
