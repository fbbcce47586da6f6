import {
  DynamicModule,
  INestApplication,
  INestApplicationContext,
  NestApplicationOptions,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module';
import { AppConfig } from './config/app-config';
import { applyConnectionTimeouts } from './http/connection-timeouts';
import { JsonLogger } from './http/json-logger';
import { readJsonBody } from './http/json-body.reader';
import { createLogger, requestLogging } from './http/logging';
import { mountOpenApi } from './http/openapi';
import { RequestPipelineFilter } from './http/request-pipeline.filter';

/** Makes the Nest app of a module; e2e tests pass one that replaces a provider (the clock, say). */
export type NestAppMaker = (
  module: DynamicModule,
  options: NestApplicationOptions,
) => Promise<NestExpressApplication>;

const nestApp: NestAppMaker = (module, options) =>
  NestFactory.create<NestExpressApplication>(module, options);

/** The HTTP service, configured as `main.ts` runs it; e2e tests start it the same way. */
export async function createHttpApp(
  config: AppConfig,
  make: NestAppMaker = nestApp,
): Promise<INestApplication> {
  const logger = createLogger(config.logLevel);
  const app = await make(AppModule.forRoot(config), {
    logger: new JsonLogger(logger),
    bodyParser: false,
    abortOnError: false,
  });
  app.use(requestLogging(logger));
  app.use(readJsonBody(config.bodyLimitBytes));
  app.useGlobalFilters(new RequestPipelineFilter());
  app.set('trust proxy', false);
  // Express would hash every response body for a weak ETag; only the blog's cacheable pages have one (their own).
  app.set('etag', false);
  app.disable('x-powered-by');
  applyConnectionTimeouts(app.getHttpServer(), config);
  mountOpenApi(app);
  app.enableShutdownHooks();
  return app;
}

/** A worker process: the modules and their queue handlers, no HTTP server. */
export async function createWorkerContext(config: AppConfig): Promise<INestApplicationContext> {
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: new JsonLogger(createLogger(config.logLevel)),
    abortOnError: false,
  });
  context.enableShutdownHooks();
  return context;
}
