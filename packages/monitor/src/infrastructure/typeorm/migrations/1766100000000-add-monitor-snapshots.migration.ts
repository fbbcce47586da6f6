import { MigrationInterface, QueryRunner, Table, TableColumn, TableForeignKey } from 'typeorm';

/** What each successful check read: its content hash on the check, each distinct content once per monitor. */
export class AddMonitorSnapshots1766100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn(
      'quarry_monitor_checks',
      new TableColumn({ name: 'content_hash', type: 'varchar', length: '64', isNullable: true }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_monitor_snapshots',
        columns: [
          { name: 'monitor_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'content_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'text', type: 'text' },
          { name: 'title', type: 'text', isNullable: true },
          { name: 'created_at', type: 'bigint' },
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['monitor_id'],
            referencedTableName: 'quarry_monitors',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quarry_monitor_snapshots');
    await queryRunner.dropColumn('quarry_monitor_checks', 'content_hash');
  }
}
