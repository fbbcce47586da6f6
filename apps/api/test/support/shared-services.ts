import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import request from 'supertest';
import { FixtureServer } from '@quarry/testing';
import { ADMIN_TOKEN } from './test-app';
import { eventually, ServiceProcess, startServiceProcess } from './service-process';

/**
 * Environment for api and worker processes sharing one database (`QUARRY_E2E_DATABASE_URL`, else
 * a SQLite file in `dir`) and Redis when `QUARRY_E2E_REDIS_URL` is set, with short job leases so a
 * killed worker's jobs are taken up again fast.
 */
export function sharedEnv(dir: string, origin: FixtureServer, port: number): Record<string, string> {
  return {
    QUARRY_DATABASE_URL: process.env.QUARRY_E2E_DATABASE_URL ?? `sqlite:${join(dir, 'quarry.sqlite')}`,
    ...(process.env.QUARRY_E2E_REDIS_URL ? { QUARRY_REDIS_URL: process.env.QUARRY_E2E_REDIS_URL } : {}),
    QUARRY_REDIS_PREFIX: `quarry-crash-${randomBytes(4).toString('hex')}`,
    QUARRY_ALLOW_HOSTS: origin.hostPort,
    QUARRY_ADMIN_TOKEN: ADMIN_TOKEN,
    QUARRY_JOB_LEASE_MS: '2000',
    QUARRY_CALLBACK_BACKOFF_MS: '200',
    PORT: String(port),
  };
}

/** Starts the api process and creates an account with `credits`; its base URL and API key. */
export async function apiWithAccount(
  env: Record<string, string>,
  processes: ServiceProcess[],
  credits: number,
): Promise<{ base: string; key: string }> {
  const api = startServiceProcess({ ...env, QUARRY_ROLE: 'api' });
  processes.push(api);
  const base = `http://127.0.0.1:${env.PORT}`;
  await eventually(
    async () => ((await request(base).get('/health')).status === 200 ? true : undefined),
    30_000,
    `the api process (${api.stderr()})`,
  );
  const created = await request(base)
    .post('/v1/admin/accounts')
    .auth(ADMIN_TOKEN, { type: 'bearer' })
    .send({ email: 'crash@example.com', credits });
  return { base, key: created.body.apiKey };
}
