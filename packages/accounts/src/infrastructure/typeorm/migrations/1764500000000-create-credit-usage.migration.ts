import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';

const DAY_MS = 86_400_000;

/**
 * Usage per (account, UTC day, operation), kept by a trigger on the ledger: the charge and its
 * count are one statement, so a charge refused (short balance, a second charge of one result)
 * counts nothing, and one that lands counts exactly once. Existing charges are counted on the way in.
 */
export class CreateCreditUsage1764500000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_credit_usage',
        columns: [
          { name: 'account_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'day', type: 'integer', isPrimary: true },
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
      'INSERT INTO quarry_credit_usage (account_id, day, operation, charges, credits) ' +
      `VALUES (NEW.account_id, NEW.created_at / ${DAY_MS}, NEW.operation, 1, -NEW.amount) ` +
      'ON CONFLICT (account_id, day, operation) DO UPDATE SET ' +
      'charges = quarry_credit_usage.charges + 1, credits = quarry_credit_usage.credits + excluded.credits;';
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(
        `CREATE FUNCTION quarry_count_ledger_usage() RETURNS trigger AS $$ BEGIN ${count} RETURN NEW; END $$ LANGUAGE plpgsql`,
      );
      await queryRunner.query(
        'CREATE TRIGGER trg_quarry_ledger_usage AFTER INSERT ON quarry_credit_ledger FOR EACH ROW WHEN (NEW.amount < 0) EXECUTE FUNCTION quarry_count_ledger_usage()',
      );
    } else {
      await queryRunner.query(
        `CREATE TRIGGER trg_quarry_ledger_usage AFTER INSERT ON quarry_credit_ledger WHEN NEW.amount < 0 BEGIN ${count} END`,
      );
    }
    await queryRunner.query(
      'INSERT INTO quarry_credit_usage (account_id, day, operation, charges, credits) ' +
        `SELECT account_id, created_at / ${DAY_MS}, operation, COUNT(*), -SUM(amount) FROM quarry_credit_ledger ` +
        `WHERE amount < 0 GROUP BY account_id, created_at / ${DAY_MS}, operation`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      queryRunner.connection.options.type === 'postgres'
        ? 'DROP TRIGGER trg_quarry_ledger_usage ON quarry_credit_ledger; DROP FUNCTION quarry_count_ledger_usage()'
        : 'DROP TRIGGER trg_quarry_ledger_usage',
    );
    await queryRunner.dropTable('quarry_credit_usage');
  }
}
