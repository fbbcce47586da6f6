import { Table, TableColumn, TableIndex } from 'typeorm';

/**
 * The table of a capability's jobs, for its migration: `queryRunner.createTable(jobRecordTable(name))`.
 * The columns of `JobRecordEntity`, timestamps as epoch milliseconds, indexed for expiry and for an
 * account's recent jobs. A migration keeps what it created: later changes to the block come with
 * migrations of their own.
 */
export function jobRecordTable(name: string): Table {
  return new Table({
    name,
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
    indices: [
      new TableIndex({ name: `idx_${name}_expires`, columnNames: ['expires_at'] }),
      new TableIndex({ name: `idx_${name}_account_created`, columnNames: ['account_id', 'created_at'] }),
    ],
  });
}

/**
 * The block's `api_key_id` (the key a job was submitted with), which came after `jobRecordTable`:
 * a job table's migrations add it with `queryRunner.addColumn(name, jobRecordApiKeyColumn())`.
 */
export function jobRecordApiKeyColumn(): TableColumn {
  return new TableColumn({ name: 'api_key_id', type: 'varchar', length: '36', isNullable: true });
}
