import { CreateJobs1763780000000 } from './database/create-jobs-1763780000000.migration';
import { JobRecord } from './database/job-record.entity';

/** Entities of `@quarry/core`; the app concatenates every package's arrays into its TypeORM options. */
export const coreEntities = [JobRecord];

/** Migrations of `@quarry/core`, in order. */
export const coreMigrations = [CreateJobs1763780000000];
