import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The host app's id of the user an account belongs to, when a host makes accounts for its users
 * (`ensureAccount`). Plain SQL: on SQLite, TypeORM's `addColumn` rebuilds the table and breaks the
 * ledger's triggers.
 */
export class AddAccountExternalId1766800000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE quarry_accounts ADD COLUMN external_id varchar(255)');
    await queryRunner.query(
      'CREATE UNIQUE INDEX quarry_accounts_external_id ON quarry_accounts (external_id)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX quarry_accounts_external_id');
    await queryRunner.query('ALTER TABLE quarry_accounts DROP COLUMN external_id');
  }
}
