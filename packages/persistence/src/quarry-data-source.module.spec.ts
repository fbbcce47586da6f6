import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { dataSourceOptionsFromUrl } from './database-url';
import { QUARRY_DATA_SOURCE } from './quarry-data-source';
import { QuarryDataSourceModule } from './quarry-data-source.module';

const noTables = { entities: [], migrations: [] };

describe('QuarryDataSourceModule', () => {
  let dir: string;
  let app: INestApplicationContext | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'quarry-data-source-'));
  });

  afterEach(async () => {
    await app?.close();
    app = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function boot(imports: Parameters<typeof Test.createTestingModule>[0]['imports']) {
    app = await (await Test.createTestingModule({ imports }).compile()).init();
    return app;
  }

  it("keeps Quarry's writes on SQLite out of a transaction the host left open", async () => {
    const url = `sqlite:${join(dir, 'app.sqlite')}`;
    const context = await boot([
      TypeOrmModule.forRoot(dataSourceOptionsFromUrl(url, noTables)),
      QuarryDataSourceModule,
    ]);
    const host = context.get(DataSource);
    await host.query('CREATE TABLE notes (title TEXT NOT NULL)');
    const quarry = context.get<DataSource>(QUARRY_DATA_SOURCE);

    const hostTransaction = host.createQueryRunner();
    await hostTransaction.startTransaction();
    await quarry.query("INSERT INTO notes (title) VALUES ('written by Quarry')");
    await hostTransaction.rollbackTransaction();
    await hostTransaction.release();

    expect(await host.query('SELECT title FROM notes')).toEqual([{ title: 'written by Quarry' }]);
  });

  it('uses the named DataSource given to forRoot, not the default one', async () => {
    const context = await boot([
      TypeOrmModule.forRoot(dataSourceOptionsFromUrl(`sqlite:${join(dir, 'host.sqlite')}`, noTables)),
      TypeOrmModule.forRoot({
        name: 'quarry',
        ...dataSourceOptionsFromUrl(`sqlite:${join(dir, 'quarry.sqlite')}`, noTables),
      }),
      QuarryDataSourceModule.forRoot({ dataSource: 'quarry' }),
    ]);
    await context.get<DataSource>(QUARRY_DATA_SOURCE).query('CREATE TABLE quarry_only (id INTEGER)');

    const tables = (source: DataSource) =>
      source.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'quarry_only'");
    expect(await tables(context.get<DataSource>(getDataSourceToken('quarry')))).toHaveLength(1);
    expect(await tables(context.get(DataSource))).toHaveLength(0);
  });

  it('provides no DataSource when the host registered none, so modules that need one fail the boot', async () => {
    const context = await boot([QuarryDataSourceModule]);

    expect(context.get(QUARRY_DATA_SOURCE)).toBeUndefined();
  });
});

describe('dataSourceOptionsFromUrl', () => {
  it('refuses a URL that is neither sqlite: nor postgres://, naming both', () => {
    expect(() => dataSourceOptionsFromUrl('mysql://localhost/quarry', noTables)).toThrow(
      'Unsupported database URL "mysql://localhost/quarry": use sqlite:<path> or postgres://...',
    );
  });
});
