import { ConfigError } from '@quarry/core';
import { createHttpApp, createWorkerContext } from './app.factory';
import { loadConfig } from './config/app-config';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  if (config.role === 'worker') {
    await createWorkerContext(config);
    return;
  }
  const app = await createHttpApp(config);
  await app.listen(config.port);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
