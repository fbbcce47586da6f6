import { CreateJobs1763780000000 } from './create-jobs-1763780000000.migration';
import { JobRecord } from './job-record.entity';
import { WidenClaimIndex1766600000000 } from './widen-claim-index-1766600000000.migration';

/** Entities of `@quarry/queue-db` (the job table); the app concatenates every package's arrays into its TypeORM options. */
export const queueDbEntities = [JobRecord];

/** Migrations of `@quarry/queue-db`, in order. */
export const queueDbMigrations = [CreateJobs1763780000000, WidenClaimIndex1766600000000];
