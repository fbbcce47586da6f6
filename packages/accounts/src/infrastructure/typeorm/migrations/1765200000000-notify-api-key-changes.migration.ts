import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * On PostgreSQL, a notification on the `quarry_api_key_changes` channel in the transaction of any
 * revocation, deletion or change of what authenticates a key (its hash, account or id), whatever
 * connection makes it. Each process that remembers active keys listens there and forgets them on
 * every notification: a key revoked anywhere fails everywhere as soon as it is heard. Writes of
 * `last_used_at` alone notify nothing. SQLite needs none of it: the key-change counter serves there.
 */
export class NotifyApiKeyChanges1765200000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.query(
      `CREATE FUNCTION quarry_notify_api_key_change() RETURNS trigger AS $$ BEGIN PERFORM pg_notify('quarry_api_key_changes', ''); RETURN NULL; END $$ LANGUAGE plpgsql`,
    );
    await queryRunner.query(
      'CREATE TRIGGER trg_quarry_api_key_notify_changed AFTER UPDATE OF id, account_id, key_hash, revoked_at ON quarry_api_keys FOR EACH ROW EXECUTE FUNCTION quarry_notify_api_key_change()',
    );
    await queryRunner.query(
      'CREATE TRIGGER trg_quarry_api_key_notify_deleted AFTER DELETE ON quarry_api_keys FOR EACH ROW EXECUTE FUNCTION quarry_notify_api_key_change()',
    );
    await queryRunner.query(
      'CREATE TRIGGER trg_quarry_api_key_notify_truncated AFTER TRUNCATE ON quarry_api_keys FOR EACH STATEMENT EXECUTE FUNCTION quarry_notify_api_key_change()',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres') return;
    await queryRunner.query('DROP TRIGGER trg_quarry_api_key_notify_changed ON quarry_api_keys');
    await queryRunner.query('DROP TRIGGER trg_quarry_api_key_notify_deleted ON quarry_api_keys');
    await queryRunner.query('DROP TRIGGER trg_quarry_api_key_notify_truncated ON quarry_api_keys');
    await queryRunner.query('DROP FUNCTION quarry_notify_api_key_change()');
  }
}
