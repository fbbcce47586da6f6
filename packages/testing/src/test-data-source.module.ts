import type { DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';

class TestDataSourceModule {}

/** Provides a test database's `DataSource` app-wide, as `TypeOrmModule.forRoot` does in a real app. */
export function testDataSourceModule(dataSource: DataSource): DynamicModule {
  return {
    module: TestDataSourceModule,
    global: true,
    providers: [{ provide: DataSource, useValue: dataSource }],
    exports: [DataSource],
  };
}
