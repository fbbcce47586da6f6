import { DynamicModule, Global, Module } from '@nestjs/common';
import { QUARRY_DATA_SOURCE, quarryDataSourceProviders } from './quarry-data-source';

export interface QuarryDataSourceModuleOptions {
  /** Name of the host's TypeORM DataSource holding Quarry's tables. @default the default DataSource */
  dataSource?: string;
}

/**
 * The DataSource every Quarry module with tables injects (`QUARRY_DATA_SOURCE`). Import it once,
 * as is (the host's default DataSource) or with `forRoot({ dataSource })`.
 */
@Global()
@Module({
  providers: quarryDataSourceProviders(),
  exports: [QUARRY_DATA_SOURCE],
})
export class QuarryDataSourceModule {
  static forRoot(options: QuarryDataSourceModuleOptions = {}): DynamicModule {
    return {
      module: QuarryDataSourceModule,
      providers: quarryDataSourceProviders(options.dataSource),
    };
  }
}
