import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';

/**
 * One row per API request an API key made, written in batches after the responses went out and
 * kept 7 days. No foreign key: a batch never fails for an account deleted meanwhile, whose rows
 * simply expire.
 */
export class CreateRequestLog1766700400000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_request_log',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'api_key_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'route', type: 'varchar', length: '200' },
          { name: 'operation', type: 'varchar', length: '64', isNullable: true },
          { name: 'url', type: 'varchar', length: '2048', isNullable: true },
          { name: 'status', type: 'integer' },
          { name: 'credits', type: 'integer' },
          { name: 'duration_ms', type: 'integer' },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({
            name: 'idx_quarry_request_log_account_created',
            columnNames: ['account_id', 'created_at', 'id'],
          }),
          new TableIndex({ name: 'idx_quarry_request_log_created', columnNames: ['created_at'] }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quarry_request_log');
  }
}
