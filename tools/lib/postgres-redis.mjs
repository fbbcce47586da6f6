// A fresh PostgreSQL database and a Redis key prefix of its own, for one benchmark run of the
// service on its production engines: QUARRY_TEST_POSTGRES_URL's server (default the local `test`
// database's) and QUARRY_TEST_REDIS_URL (default redis://127.0.0.1:6379).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import Redis from 'ioredis';

/** Creates both; returns `{ env, drop }`: the service's variables, and what removes both again. */
export async function createPostgresAndRedis() {
  const adminUrl = process.env.QUARRY_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const redisUrl = process.env.QUARRY_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const name = `quarry_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    env: { QUARRY_DATABASE_URL: url.toString(), QUARRY_REDIS_URL: redisUrl, QUARRY_REDIS_PREFIX: name },
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      const redis = new Redis(redisUrl);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${name}:*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      await redis.quit();
    },
  };
}
