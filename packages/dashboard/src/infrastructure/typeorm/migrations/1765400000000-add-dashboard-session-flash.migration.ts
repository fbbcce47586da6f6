import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** The one-time message a session carries from a post to the page it redirects to (a new key, a secret). */
export class AddDashboardSessionFlash1765400000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('quarry_dashboard_sessions', [
      new TableColumn({ name: 'flash', type: 'text', isNullable: true }),
      new TableColumn({ name: 'flash_expires_at', type: 'bigint', isNullable: true }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('quarry_dashboard_sessions', 'flash_expires_at');
    await queryRunner.dropColumn('quarry_dashboard_sessions', 'flash');
  }
}
