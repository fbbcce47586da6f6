import { Global, Module } from '@nestjs/common';
import { Clock, SystemClock } from './clock';
import { IdGenerator, RandomIdGenerator } from './id-generator';

/** The clock and id generator every Quarry module injects; override them in tests. */
@Global()
@Module({
  providers: [
    { provide: Clock, useClass: SystemClock },
    { provide: IdGenerator, useClass: RandomIdGenerator },
  ],
  exports: [Clock, IdGenerator],
})
export class QuarryCoreModule {}
