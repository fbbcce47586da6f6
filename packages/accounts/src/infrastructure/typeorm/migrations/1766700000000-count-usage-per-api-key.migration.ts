import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';

const DAY_MS = 86_400_000;

/**
 * Charges name the API key that asked for the work (`api_key_id`, null for work no key asked for
 * and for grants), and usage is also counted per (account, key, UTC day, operation) by a second
 * ledger trigger, in the statement that writes the charge, like the per-account totals.
 */
export class CountUsagePerApiKey1766700000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    // ALTER TABLE, not addColumn: on SQLite TypeORM rebuilds the table for that, dropping its triggers.
    await queryRunner.query('ALTER TABLE quarry_credit_ledger ADD COLUMN api_key_id varchar(36)');
    await queryRunner.createTable(
      new Table({
        name: 'quarry_credit_key_usage',
        columns: [
          { name: 'account_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'day', type: 'integer', isPrimary: true },
          { name: 'api_key_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'operation', type: 'varchar', length: '64', isPrimary: true },
          { name: 'charges', type: 'integer' },
          { name: 'credits', type: 'integer' },
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
    const count =
      'INSERT INTO quarry_credit_key_usage (account_id, day, api_key_id, operation, charges, credits) ' +
      `VALUES (NEW.account_id, NEW.created_at / ${DAY_MS}, NEW.api_key_id, NEW.operation, 1, -NEW.amount) ` +
      'ON CONFLICT (account_id, day, api_key_id, operation) DO UPDATE SET ' +
      'charges = quarry_credit_key_usage.charges + 1, credits = quarry_credit_key_usage.credits + excluded.credits;';
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(
        `CREATE FUNCTION quarry_count_ledger_key_usage() RETURNS trigger AS $$ BEGIN ${count} RETURN NEW; END $$ LANGUAGE plpgsql`,
      );
      await queryRunner.query(
        'CREATE TRIGGER trg_quarry_ledger_key_usage AFTER INSERT ON quarry_credit_ledger FOR EACH ROW ' +
          'WHEN (NEW.amount < 0 AND NEW.api_key_id IS NOT NULL) EXECUTE FUNCTION quarry_count_ledger_key_usage()',
      );
    } else {
      await queryRunner.query(
        'CREATE TRIGGER trg_quarry_ledger_key_usage AFTER INSERT ON quarry_credit_ledger ' +
          `WHEN NEW.amount < 0 AND NEW.api_key_id IS NOT NULL BEGIN ${count} END`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      queryRunner.connection.options.type === 'postgres'
        ? 'DROP TRIGGER trg_quarry_ledger_key_usage ON quarry_credit_ledger; DROP FUNCTION quarry_count_ledger_key_usage()'
        : 'DROP TRIGGER trg_quarry_ledger_key_usage',
    );
    await queryRunner.dropTable('quarry_credit_key_usage');
    await queryRunner.query('ALTER TABLE quarry_credit_ledger DROP COLUMN api_key_id');
  }
}
