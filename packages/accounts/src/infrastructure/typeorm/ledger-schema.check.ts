import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectQuarryDataSource } from '@quarry/persistence';
import { DataSource } from 'typeorm';

/**
 * What keeps a balance from going negative and usage counted (the CHECK, and the triggers that run
 * in each ledger statement), and a revoked key from being remembered (the key-change triggers).
 */
const BALANCE_CHECK = 'chk_quarry_accounts_credits';
const LEDGER_TRIGGERS = [
  'trg_quarry_ledger_apply',
  'trg_quarry_reservation_hold',
  'trg_quarry_reservation_give_back',
  'trg_quarry_ledger_consume_reservation',
  'trg_quarry_ledger_usage',
  'trg_quarry_ledger_key_usage',
  'trg_quarry_api_key_revoked',
  'trg_quarry_api_key_deleted',
];
/** On PostgreSQL, the key-change notifications every process that remembers keys listens to. */
const POSTGRES_TRIGGERS = [
  'trg_quarry_api_key_notify_changed',
  'trg_quarry_api_key_notify_deleted',
  'trg_quarry_api_key_notify_truncated',
];

/**
 * Refuses to start on a schema without the ledger's CHECK and triggers, as `synchronize: true`
 * leaves it: charges would then succeed without moving the balance, or overdraw it silently.
 */
@Injectable()
export class LedgerSchemaCheck implements OnModuleInit {
  constructor(@InjectQuarryDataSource() private readonly dataSource: DataSource) {}

  async onModuleInit(): Promise<void> {
    const { check, triggers } = await this.present();
    const expected =
      this.dataSource.options.type === 'postgres'
        ? [...LEDGER_TRIGGERS, ...POSTGRES_TRIGGERS]
        : LEDGER_TRIGGERS;
    const missing = [
      ...(check ? [] : [`CHECK ${BALANCE_CHECK}`]),
      ...expected.filter((t) => !triggers.has(t)),
    ];
    if (missing.length > 0) {
      throw new Error(
        `@quarry/accounts: the database lacks ${missing.join(', ')}, which keep credits from overdrawing. ` +
          'Create the schema with accountsMigrations (migrationsRun: true), not with synchronize.',
      );
    }
  }

  private async present(): Promise<{ check: boolean; triggers: Set<string> }> {
    if (this.dataSource.options.type === 'postgres') {
      const checks: unknown[] = await this.dataSource.query(
        `SELECT 1 FROM pg_constraint WHERE conname = $1 AND contype = 'c'`,
        [BALANCE_CHECK],
      );
      const triggers: { name: string }[] = await this.dataSource.query(
        'SELECT tgname AS name FROM pg_trigger WHERE NOT tgisinternal',
      );
      return { check: checks.length > 0, triggers: new Set(triggers.map((row) => row.name)) };
    }
    const tables: { sql: string }[] = await this.dataSource.query(
      `SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'quarry_accounts'`,
    );
    const triggers: { name: string }[] = await this.dataSource.query(
      `SELECT name FROM sqlite_master WHERE type = 'trigger'`,
    );
    return {
      check: tables.some((table) => table.sql.includes(BALANCE_CHECK)),
      triggers: new Set(triggers.map((row) => row.name)),
    };
  }
}
