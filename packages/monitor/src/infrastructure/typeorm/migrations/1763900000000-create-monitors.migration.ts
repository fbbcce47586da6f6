import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

const monitorForeignKey = () =>
  new TableForeignKey({
    columnNames: ['monitor_id'],
    referencedTableName: 'quarry_monitors',
    referencedColumnNames: ['id'],
    onDelete: 'CASCADE',
  });

export class CreateMonitors1763900000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_monitors',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'url', type: 'text' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'interval_minutes', type: 'integer' },
          { name: 'webhook_secret', type: 'varchar', length: '512' },
          { name: 'consecutive_failures', type: 'integer', default: 0 },
          { name: 'last_checked_at', type: 'bigint', isNullable: true },
          { name: 'last_changed_at', type: 'bigint', isNullable: true },
          { name: 'next_check_at', type: 'bigint' },
          { name: 'last_scheduled_at', type: 'bigint', isNullable: true },
          { name: 'content_hash', type: 'varchar', length: '64', isNullable: true },
          { name: 'content_markdown', type: 'text', isNullable: true },
          { name: 'content_title', type: 'text', isNullable: true },
          { name: 'content_version', type: 'integer', default: 0 },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({ name: 'idx_quarry_monitors_due', columnNames: ['status', 'next_check_at'] }),
          new TableIndex({ name: 'idx_quarry_monitors_account', columnNames: ['account_id', 'created_at'] }),
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['account_id'],
            referencedTableName: 'quarry_accounts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_monitor_channels',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'monitor_id', type: 'varchar', length: '36' },
          { name: 'type', type: 'varchar', length: '16' },
          { name: 'destination', type: 'text' },
          { name: 'enabled', type: 'integer' },
          { name: 'position', type: 'integer' },
          { name: 'created_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({ name: 'idx_quarry_monitor_channels_monitor', columnNames: ['monitor_id'] }),
        ],
        foreignKeys: [monitorForeignKey()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_monitor_checks',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'monitor_id', type: 'varchar', length: '36' },
          { name: 'outcome', type: 'varchar', length: '16' },
          { name: 'scrape_tier', type: 'varchar', length: '16', isNullable: true },
          { name: 'duration_ms', type: 'integer' },
          { name: 'error_code', type: 'varchar', length: '64', isNullable: true },
          { name: 'error_message', type: 'text', isNullable: true },
          { name: 'checked_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({
            name: 'idx_quarry_monitor_checks_time',
            columnNames: ['monitor_id', 'checked_at'],
            isUnique: true,
          }),
        ],
        foreignKeys: [monitorForeignKey()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_monitor_events',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'monitor_id', type: 'varchar', length: '36' },
          { name: 'check_id', type: 'varchar', length: '36' },
          { name: 'summary', type: 'text' },
          { name: 'previous_title', type: 'text', isNullable: true },
          { name: 'current_title', type: 'text', isNullable: true },
          { name: 'previous_hash', type: 'varchar', length: '64' },
          { name: 'current_hash', type: 'varchar', length: '64' },
          { name: 'detected_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({
            name: 'idx_quarry_monitor_events_time',
            columnNames: ['monitor_id', 'detected_at'],
            isUnique: true,
          }),
        ],
        foreignKeys: [monitorForeignKey()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_monitor_notifications',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'monitor_id', type: 'varchar', length: '36' },
          { name: 'channel_id', type: 'varchar', length: '36' },
          { name: 'event_id', type: 'varchar', length: '36', isNullable: true },
          { name: 'kind', type: 'varchar', length: '32' },
          { name: 'channel_type', type: 'varchar', length: '16' },
          { name: 'destination', type: 'text' },
          { name: 'message', type: 'text' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'attempts', type: 'integer' },
          { name: 'last_status_code', type: 'integer', isNullable: true },
          { name: 'last_error', type: 'text', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        indices: [
          new TableIndex({
            name: 'idx_quarry_monitor_notifications_monitor',
            columnNames: ['monitor_id', 'created_at'],
          }),
        ],
        foreignKeys: [monitorForeignKey()],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'quarry_monitor_notifications',
      'quarry_monitor_events',
      'quarry_monitor_checks',
      'quarry_monitor_channels',
      'quarry_monitors',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
