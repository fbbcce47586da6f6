import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One counter that every revocation or deletion of an API key moves, in the same statement. A
 * process that remembers active keys reads it when the database changed under it (on SQLite,
 * `PRAGMA data_version`) and forgets them when it moved: a key revoked anywhere fails on the next
 * request, while charges committed by other connections leave what it remembers in place.
 */
export class CountApiKeyChanges1765100000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'CREATE TABLE quarry_api_key_changes (id integer PRIMARY KEY CHECK (id = 1), changes bigint NOT NULL)',
    );
    await queryRunner.query('INSERT INTO quarry_api_key_changes (id, changes) VALUES (1, 0)');
    const count = 'UPDATE quarry_api_key_changes SET changes = changes + 1 WHERE id = 1;';
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(
        `CREATE FUNCTION quarry_count_api_key_change() RETURNS trigger AS $$ BEGIN ${count} RETURN NULL; END $$ LANGUAGE plpgsql`,
      );
      await queryRunner.query(
        'CREATE TRIGGER trg_quarry_api_key_revoked AFTER UPDATE OF revoked_at ON quarry_api_keys FOR EACH ROW EXECUTE FUNCTION quarry_count_api_key_change()',
      );
      await queryRunner.query(
        'CREATE TRIGGER trg_quarry_api_key_deleted AFTER DELETE ON quarry_api_keys FOR EACH ROW EXECUTE FUNCTION quarry_count_api_key_change()',
      );
    } else {
      await queryRunner.query(
        `CREATE TRIGGER trg_quarry_api_key_revoked AFTER UPDATE OF revoked_at ON quarry_api_keys BEGIN ${count} END`,
      );
      await queryRunner.query(
        `CREATE TRIGGER trg_quarry_api_key_deleted AFTER DELETE ON quarry_api_keys BEGIN ${count} END`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query('DROP TRIGGER trg_quarry_api_key_revoked ON quarry_api_keys');
      await queryRunner.query('DROP TRIGGER trg_quarry_api_key_deleted ON quarry_api_keys');
      await queryRunner.query('DROP FUNCTION quarry_count_api_key_change()');
    } else {
      await queryRunner.query('DROP TRIGGER trg_quarry_api_key_revoked');
      await queryRunner.query('DROP TRIGGER trg_quarry_api_key_deleted');
    }
    await queryRunner.query('DROP TABLE quarry_api_key_changes');
  }
}
