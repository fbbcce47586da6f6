import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { IdGenerator, TimeOrderedIdGenerator } from './id-generator';

/**
 * The clock and id generator every Quarry module injects; override them in tests. Import it once,
 * with `QuarryDataSourceModule` from `@quarry/persistence` when a module keeps tables.
 */
@Global()
@Module({
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: IdGenerator, useClass: TimeOrderedIdGenerator },
  ],
  exports: [Clock, IdGenerator],
})
export class QuarryCoreModule {}
