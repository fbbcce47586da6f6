import { DynamicModule, Global, Module } from '@nestjs/common';
import { QUARRY_DATA_SOURCE, quarryDataSourceProviders } from '../persistence/quarry-data-source';
import { Clock, SystemClock } from './clock';
import { IdGenerator, TimeOrderedIdGenerator } from './id-generator';

export interface QuarryCoreModuleOptions {
  /** Name of the host's TypeORM DataSource holding Quarry's tables. @default the default DataSource */
  dataSource?: string;
}

/**
 * The clock, id generator and DataSource every Quarry module injects; override the first two in
 * tests. Import it once, as is (the host's default DataSource) or with `forRoot({ dataSource })`.
 */
@Global()
@Module({
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: IdGenerator, useClass: TimeOrderedIdGenerator },
    ...quarryDataSourceProviders(),
  ],
  exports: [Clock, IdGenerator, QUARRY_DATA_SOURCE],
})
export class QuarryCoreModule {
  static forRoot(options: QuarryCoreModuleOptions = {}): DynamicModule {
    return {
      module: QuarryCoreModule,
      providers: quarryDataSourceProviders(options.dataSource),
    };
  }
}
