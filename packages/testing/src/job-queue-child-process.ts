import { ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { JobQueueEngineModule } from './job-queue-engine';

/** What `job-queue-child-worker` runs: the engine, the queue it blocks on, the log both processes append to. */
export interface JobQueueChildConfig {
  engine: JobQueueEngineModule;
  queue: string;
  logFile: string;
  swcPath: string;
  packagesDir: string;
}

/**
 * Loads TypeScript with SWC (the compiler Jest uses here) and maps `@quarry/*` to package
 * sources, so a child process runs the engines without a build step.
 */
const BOOTSTRAP = `
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const [entry, json] = process.argv.slice(1);
const config = JSON.parse(json);
const swc = require(config.swcPath);
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const match = /^@quarry\\/([a-z-]+)$/.exec(request);
  if (match) return path.join(config.packagesDir, match[1], 'src', 'index.ts');
  return resolveFilename.call(this, request, ...rest);
};
Module._extensions['.ts'] = function (module, filename) {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
require(entry);
`;

export interface JobQueueChild {
  process: ChildProcess;
  /** What the child wrote to stderr so far, for failure messages. */
  stderr(): string;
  exited: Promise<number | null>;
}

/**
 * Starts a Node process that opens `engine` and runs a handler on `queue` that appends a
 * `started` line to `logFile`, then blocks until the process is killed.
 */
export function startJobQueueChild(
  engine: JobQueueEngineModule,
  queue: string,
  logFile: string,
): JobQueueChild {
  const config: JobQueueChildConfig = {
    engine,
    queue,
    logFile,
    swcPath: require.resolve('@swc/core'),
    packagesDir: resolve(__dirname, '..', '..'),
  };
  const entry = require.resolve(join(__dirname, 'job-queue-child-worker'));
  const child = spawn(process.execPath, ['-e', BOOTSTRAP, entry, JSON.stringify(config)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  return { process: child, stderr: () => stderr, exited };
}
