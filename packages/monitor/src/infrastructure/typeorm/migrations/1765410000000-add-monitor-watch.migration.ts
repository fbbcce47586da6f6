import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** A monitor's name, what of the page it compares (scope, selector, ignored lines) and its trigger. */
export class AddMonitorWatch1765410000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('quarry_monitors', [
      new TableColumn({ name: 'name', type: 'text', isNullable: true }),
      new TableColumn({ name: 'scope', type: 'varchar', length: '16', default: "'content'" }),
      new TableColumn({ name: 'selector', type: 'text', isNullable: true }),
      new TableColumn({ name: 'ignore_patterns', type: 'text', isNullable: true }),
      new TableColumn({ name: 'trigger_text', type: 'text', isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of ['trigger_text', 'ignore_patterns', 'selector', 'scope', 'name'])
      await queryRunner.dropColumn('quarry_monitors', column);
  }
}
