import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CommanderError } from 'commander';
import { ConfigError, QuarryError } from '@quarry/core';
import { loadConfig } from '../config/app-config';
import { CliModule } from './cli.module';
import { buildCli } from './quarry-cli';

async function main(argv: string[]): Promise<number> {
  let app: INestApplicationContext | undefined;
  const context = async () => {
    app ??= await NestFactory.createApplicationContext(
      CliModule.forRoot(loadConfig(process.env).databaseUrl),
      { logger: ['error'] },
    );
    return app;
  };
  try {
    await buildCli(context, (line) => process.stdout.write(`${line}\n`)).parseAsync(argv);
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    process.stderr.write(
      `quarry: ${error instanceof QuarryError || error instanceof ConfigError ? error.message : error instanceof Error ? error.stack : String(error)}\n`,
    );
    return 1;
  } finally {
    await app?.close();
  }
}

// main answers every error with an exit code; one it cannot (closing the app) exits as an unhandled rejection.
void main(process.argv).then((code) => {
  process.exitCode = code;
});
