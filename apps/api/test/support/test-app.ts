import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import { createHttpApp, NestAppMaker } from '../../src/app.factory';
import { AppConfig, loadConfig } from '../../src/config/app-config';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  /** The base URL of the listening server. */
  url: string;
  close(): Promise<void>;
}

/**
 * The service as `npm start` runs it, on a free port. Embedded engines (a temporary SQLite file,
 * the database queue) unless QUARRY_E2E_DATABASE_URL / QUARRY_E2E_REDIS_URL name PostgreSQL and Redis.
 * `override` replaces providers of the app's modules (a clock the test moves, a module's options).
 */
export async function startTestApp(
  env: Record<string, string> = {},
  override?: (app: TestingModuleBuilder) => TestingModuleBuilder,
): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-e2e-'));
  const config = loadConfig({
    PORT: '0',
    QUARRY_LOG_LEVEL: 'silent',
    QUARRY_ADMIN_TOKEN: ADMIN_TOKEN,
    QUARRY_DATABASE_URL: process.env.QUARRY_E2E_DATABASE_URL ?? `sqlite:${join(dir, 'quarry.sqlite')}`,
    QUARRY_REDIS_URL: process.env.QUARRY_E2E_REDIS_URL,
    QUARRY_REDIS_PREFIX: `quarry-e2e-${randomBytes(4).toString('hex')}`,
    ...env,
  });
  const app = await createHttpApp(config, override && overriding(override));
  await app.listen(0, '127.0.0.1');
  return {
    app,
    config,
    url: await app.getUrl(),
    close: async () => {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function overriding(override: (app: TestingModuleBuilder) => TestingModuleBuilder): NestAppMaker {
  return async (module, options) => {
    const moduleRef = await override(Test.createTestingModule({ imports: [module] })).compile();
    return moduleRef.createNestApplication<NestExpressApplication>(options);
  };
}
