import { MigrationInterface, QueryRunner, Table, TableForeignKey, TableIndex } from 'typeorm';

const accountForeignKey = () =>
  new TableForeignKey({
    columnNames: ['account_id'],
    referencedTableName: 'quarry_accounts',
    referencedColumnNames: ['id'],
    onDelete: 'CASCADE',
  });

/** Passwords, sessions and key labels of the dashboard; runs after the accounts migrations. */
export class CreateDashboardTables1764900000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'quarry_dashboard_credentials',
        columns: [
          { name: 'account_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'email', type: 'varchar', length: '320' },
          { name: 'password_hash', type: 'varchar', length: '200' },
          { name: 'updated_at', type: 'bigint' },
        ],
        uniques: [{ name: 'uq_quarry_dashboard_credentials_email', columnNames: ['email'] }],
        foreignKeys: [accountForeignKey()],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_dashboard_sessions',
        columns: [
          { name: 'token_hash', type: 'varchar', length: '64', isPrimary: true },
          { name: 'account_id', type: 'varchar', length: '36' },
          { name: 'csrf_token', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'bigint' },
          { name: 'expires_at', type: 'bigint' },
          { name: 'revoked_at', type: 'bigint', isNullable: true },
        ],
        foreignKeys: [accountForeignKey()],
        indices: [
          new TableIndex({ name: 'idx_quarry_dashboard_sessions_account', columnNames: ['account_id'] }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'quarry_dashboard_key_labels',
        columns: [
          { name: 'key_id', type: 'varchar', length: '36', isPrimary: true },
          { name: 'name', type: 'varchar', length: '100' },
          { name: 'last_four', type: 'varchar', length: '4' },
        ],
        foreignKeys: [
          new TableForeignKey({
            columnNames: ['key_id'],
            referencedTableName: 'quarry_api_keys',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('quarry_dashboard_key_labels');
    await queryRunner.dropTable('quarry_dashboard_sessions');
    await queryRunner.dropTable('quarry_dashboard_credentials');
  }
}
