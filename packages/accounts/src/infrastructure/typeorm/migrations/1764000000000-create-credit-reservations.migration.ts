import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

/**
 * Credits held back while paid work runs. Each row leaves the balance by trigger when inserted and
 * comes back when deleted; a ledger charge with the same (operation, referenceId) deletes the row
 * in the same statement, so holding, charging and releasing never need a transaction.
 */
export class CreateCreditReservations1764000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_credit_reservations',
        columns: [
          { name: 'id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'amount', type: 'integer' },
          { name: 'operation', type: 'varchar', length: '64' },
          { name: 'reference_id', type: 'varchar', length: '200' },
          { name: 'created_at', type: 'bigint' },
          { name: 'expires_at', type: 'bigint' },
        ],
        checks: [{ name: 'chk_quarry_credit_reservations_amount', expression: 'amount > 0' }],
        uniques: [
          {
            name: 'uq_quarry_credit_reservations_operation_reference',
            columnNames: ['operation', 'reference_id'],
          },
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
            name: 'idx_quarry_credit_reservations_account_expiry',
            columnNames: ['account_id', 'expires_at'],
          }),
        ],
      }),
    );
    const hold =
      'UPDATE quarry_accounts SET credits = credits - NEW.amount, updated_at = NEW.created_at WHERE id = NEW.account_id;';
    const giveBack = 'UPDATE quarry_accounts SET credits = credits + OLD.amount WHERE id = OLD.account_id;';
    // A BEFORE trigger, so the held credits are back before the charge's own trigger takes them.
    const consume =
      'DELETE FROM quarry_credit_reservations WHERE operation = NEW.operation AND reference_id = NEW.reference_id AND account_id = NEW.account_id;';
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(
        `CREATE FUNCTION quarry_hold_reservation() RETURNS trigger AS $$ BEGIN ${hold} RETURN NEW; END $$ LANGUAGE plpgsql`,
      );
      await queryRunner.query(
        `CREATE FUNCTION quarry_give_back_reservation() RETURNS trigger AS $$ BEGIN ${giveBack} RETURN OLD; END $$ LANGUAGE plpgsql`,
      );
      await queryRunner.query(
        `CREATE FUNCTION quarry_consume_reservation() RETURNS trigger AS $$ BEGIN ${consume} RETURN NEW; END $$ LANGUAGE plpgsql`,
      );
      await queryRunner.query(
        'CREATE TRIGGER trg_quarry_reservation_hold AFTER INSERT ON quarry_credit_reservations FOR EACH ROW EXECUTE FUNCTION quarry_hold_reservation()',
      );
      await queryRunner.query(
        'CREATE TRIGGER trg_quarry_reservation_give_back AFTER DELETE ON quarry_credit_reservations FOR EACH ROW EXECUTE FUNCTION quarry_give_back_reservation()',
      );
      await queryRunner.query(
        'CREATE TRIGGER trg_quarry_ledger_consume_reservation BEFORE INSERT ON quarry_credit_ledger FOR EACH ROW EXECUTE FUNCTION quarry_consume_reservation()',
      );
    } else {
      await queryRunner.query(
        `CREATE TRIGGER trg_quarry_reservation_hold AFTER INSERT ON quarry_credit_reservations BEGIN ${hold} END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER trg_quarry_reservation_give_back AFTER DELETE ON quarry_credit_reservations BEGIN ${giveBack} END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER trg_quarry_ledger_consume_reservation BEFORE INSERT ON quarry_credit_ledger BEGIN ${consume} END`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(
        'DROP TRIGGER trg_quarry_ledger_consume_reservation ON quarry_credit_ledger; DROP FUNCTION quarry_consume_reservation()',
      );
      await queryRunner.query(
        'DROP TRIGGER trg_quarry_reservation_give_back ON quarry_credit_reservations; DROP FUNCTION quarry_give_back_reservation()',
      );
      await queryRunner.query(
        'DROP TRIGGER trg_quarry_reservation_hold ON quarry_credit_reservations; DROP FUNCTION quarry_hold_reservation()',
      );
    } else {
      await queryRunner.query('DROP TRIGGER trg_quarry_ledger_consume_reservation');
    }
    await queryRunner.dropTable('quarry_credit_reservations');
  }
}
