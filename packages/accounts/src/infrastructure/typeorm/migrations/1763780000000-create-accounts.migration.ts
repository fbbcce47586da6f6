import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

export class CreateAccounts1763780000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_accounts',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'credits', type: 'integer' },
          { name: 'webhook_secret', type: 'varchar', length: '64' },
          { name: 'previous_webhook_secret', type: 'varchar', length: '64', isNullable: true },
          { name: 'previous_webhook_secret_until', type: 'bigint', isNullable: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        checks: [{ name: 'chk_quarry_accounts_credits', expression: 'credits >= 0' }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_api_keys',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'prefix', type: 'varchar', length: '32' },
          { name: 'key_hash', type: 'varchar', length: '64', isUnique: true },
          { name: 'created_at', type: 'bigint' },
          { name: 'revoked_at', type: 'bigint', isNullable: true },
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['account_id'],
            referencedTableName: 'quarry_accounts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
        indices: [new TableIndex({ name: 'idx_quarry_api_keys_prefix', columnNames: ['prefix'] })],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_credit_ledger',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'amount', type: 'integer' },
          { name: 'operation', type: 'varchar', length: '64' },
          { name: 'reference_id', type: 'varchar', length: '200' },
          { name: 'created_at', type: 'bigint' },
        ],
        uniques: [
          { name: 'uq_quarry_credit_ledger_operation_reference', columnNames: ['operation', 'reference_id'] },
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['account_id'],
            referencedTableName: 'quarry_accounts',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
        indices: [
          new TableIndex({
            name: 'idx_quarry_credit_ledger_account_time',
            columnNames: ['account_id', 'created_at'],
          }),
        ],
      }),
    );
    await applyLedgerToBalance(queryRunner);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      queryRunner.connection.options.type === 'postgres'
        ? 'DROP TRIGGER trg_quarry_ledger_apply ON quarry_credit_ledger; DROP FUNCTION quarry_apply_ledger_entry()'
        : 'DROP TRIGGER trg_quarry_ledger_apply',
    );
    await queryRunner.dropTable('quarry_credit_ledger');
    await queryRunner.dropTable('quarry_api_keys');
    await queryRunner.dropTable('quarry_accounts');
  }
}

/** Every ledger row moves the balance in the same statement, so the CHECK (credits >= 0) guards each charge. */
async function applyLedgerToBalance(queryRunner: QueryRunner): Promise<void> {
  const update =
    'UPDATE quarry_accounts SET credits = credits + NEW.amount, updated_at = NEW.created_at WHERE id = NEW.account_id;';
  if (queryRunner.connection.options.type === 'postgres') {
    await queryRunner.query(
      `CREATE FUNCTION quarry_apply_ledger_entry() RETURNS trigger AS $$ BEGIN ${update} RETURN NEW; END $$ LANGUAGE plpgsql`,
    );
    await queryRunner.query(
      'CREATE TRIGGER trg_quarry_ledger_apply AFTER INSERT ON quarry_credit_ledger FOR EACH ROW EXECUTE FUNCTION quarry_apply_ledger_entry()',
    );
  } else {
    await queryRunner.query(
      `CREATE TRIGGER trg_quarry_ledger_apply AFTER INSERT ON quarry_credit_ledger BEGIN ${update} END`,
    );
  }
}
