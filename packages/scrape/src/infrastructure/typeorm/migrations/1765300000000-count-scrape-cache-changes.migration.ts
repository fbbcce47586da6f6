import { MigrationInterface, QueryRunner } from 'typeorm';

const TRIGGERS = ['insert', 'update', 'delete'].map((event) => ({
  name: `trg_quarry_scrape_cache_${event}`,
  event: event.toUpperCase(),
}));

/**
 * On SQLite, a counter that every write to the scrape cache moves, in the same statement: a
 * process that keeps cached results in memory forgets them when another connection moved it, so
 * every instance sees a refill, a `forceFresh` or an invalidation made by any other
 * (`DatabaseScrapeCache`). PostgreSQL keeps no such memory and gets nothing.
 */
export class CountScrapeCacheChanges1765300000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') return;
    await queryRunner.query(
      'CREATE TABLE quarry_scrape_cache_changes (id integer PRIMARY KEY CHECK (id = 1), changes bigint NOT NULL)',
    );
    await queryRunner.query('INSERT INTO quarry_scrape_cache_changes (id, changes) VALUES (1, 0)');
    for (const { name, event } of TRIGGERS)
      await queryRunner.query(
        `CREATE TRIGGER ${name} AFTER ${event} ON quarry_scrape_cache ` +
          'BEGIN UPDATE quarry_scrape_cache_changes SET changes = changes + 1 WHERE id = 1; END',
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type === 'postgres') return;
    for (const { name } of TRIGGERS) await queryRunner.query(`DROP TRIGGER ${name}`);
    await queryRunner.query('DROP TABLE quarry_scrape_cache_changes');
  }
}

/** The names of the triggers that move the counter, all of which the memory needs. */
export const SCRAPE_CACHE_CHANGE_TRIGGERS = TRIGGERS.map(({ name }) => name);
