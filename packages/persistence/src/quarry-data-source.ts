import { Inject, Injectable, OnApplicationShutdown, Provider } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';

/** The token of the DataSource every Quarry module reads and writes through. */
export const QUARRY_DATA_SOURCE = 'QUARRY_DATA_SOURCE';

/** Injects the DataSource Quarry's modules use (see `QuarryDataSourceModule.forRoot({ dataSource })`). */
export const InjectQuarryDataSource = (): PropertyDecorator & ParameterDecorator =>
  Inject(QUARRY_DATA_SOURCE);

/**
 * The connection Quarry uses, taken from the host's DataSource. SQLite gives a DataSource one
 * connection, so a host's open transaction would take Quarry's writes with it (and lose them on
 * rollback): on SQLite Quarry opens a connection of its own to the same database file, closed on
 * shutdown. PostgreSQL's pool already keeps Quarry's queries out of the host's transactions.
 */
@Injectable()
export class QuarryConnection implements OnApplicationShutdown {
  private constructor(
    readonly dataSource: DataSource,
    private readonly owned: boolean,
  ) {}

  static async from(host: DataSource): Promise<QuarryConnection> {
    if (!isSqliteFile(host.options)) return new QuarryConnection(host, false);
    const own = new DataSource({
      ...host.options,
      migrationsRun: false,
      synchronize: false,
      dropSchema: false,
    });
    return new QuarryConnection(await own.initialize(), true);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.owned && this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

function isSqliteFile(options: DataSourceOptions): boolean {
  return options.type === 'better-sqlite3' && options.database !== ':memory:';
}

/** The providers behind `QUARRY_DATA_SOURCE`, for the host's DataSource named `name` (its default one when undefined). */
export function quarryDataSourceProviders(name?: string): Provider[] {
  return [
    {
      // Without a DataSource the modules that need one fail the boot naming the fix; the others run.
      provide: QuarryConnection,
      inject: [{ token: getDataSourceToken(name), optional: true }],
      useFactory: (host?: DataSource) => (host ? QuarryConnection.from(host) : undefined),
    },
    {
      provide: QUARRY_DATA_SOURCE,
      inject: [QuarryConnection],
      useFactory: (connection?: QuarryConnection) => connection?.dataSource,
    },
  ];
}
