// The built service (`npm run build` first) as the benchmarks run it: `apps/api/dist/main.js` on a
// free port with a temporary SQLite database, high rate limits, warn-level logs and no Redis unless
// `env` says otherwise, and one account with `credits` created through the operator CLI. `nodeArgs`
// go to the service's Node (e.g. `--cpu-prof`). With `workers`, it runs as one `QUARRY_ROLE=api`
// process and that many `QUARRY_ROLE=worker` processes on the same database (and Redis).
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const mainJs = join(repoRoot, 'apps/api/dist/main.js');
const cliJs = join(repoRoot, 'apps/api/dist/cli/main.js');
/** Time for every process to answer /health: an api and workers booting at once on a busy machine take minutes. */
const BOOT_TIMEOUT_MS = 180_000;

/**
 * Starts the service and waits for /health. Returns `{ base, pid, workerPids, apiKey, stop }`;
 * `stop()` sends SIGTERM to every process (SIGKILL after 15 s), waits for their exit and removes
 * the database. `logs: true` passes the service's output through; otherwise the last 20 kB are
 * shown if it fails to start.
 */
export async function startBuiltService({
  env: extra = {},
  credits = 100_000,
  logs = false,
  nodeArgs = [],
  workers = 0,
} = {}) {
  if (!existsSync(mainJs) || !existsSync(cliJs))
    throw new Error(`${mainJs} is missing: run \`npm run build\` first`);
  const dir = mkdtempSync(join(tmpdir(), 'quarry-bench-'));
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    QUARRY_DATABASE_URL: `sqlite:${join(dir, 'quarry.sqlite')}`,
    QUARRY_RATE_LIMIT_WORK_PER_MINUTE: '1000000',
    QUARRY_RATE_LIMIT_READS_PER_MINUTE: '1000000',
    QUARRY_LOG_LEVEL: process.env.QUARRY_LOG_LEVEL ?? 'warn',
  };
  delete env.QUARRY_REDIS_URL;
  delete env.QUARRY_ADMIN_TOKEN;
  Object.assign(env, extra);
  const apiKey = await createAccount(env, credits);
  let tail = '';
  const keep = (chunk) => {
    tail = (tail + chunk.toString()).slice(-20_000);
    if (logs) process.stderr.write(chunk);
  };
  const run = (role) => {
    const child = spawn(process.execPath, [...nodeArgs, mainJs], {
      cwd: repoRoot,
      env: role ? { ...env, QUARRY_ROLE: role } : env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const exited = new Promise((done) => child.once('exit', done));
    return { child, exited };
  };
  const processes = [run(workers > 0 ? 'api' : undefined)];
  for (let i = 0; i < workers; i += 1) processes.push(run('worker'));
  const [{ child }] = processes;
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await Promise.all(
      processes.map(async ({ child: running, exited }) => {
        if (running.exitCode !== null || running.signalCode !== null) return;
        running.kill('SIGTERM');
        const timer = setTimeout(() => running.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  for (const until = Date.now() + BOOT_TIMEOUT_MS; ;) {
    const exited = processes.find(({ child: running }) => running.exitCode !== null);
    const failure = exited
      ? `the service exited (${exited.child.exitCode})`
      : Date.now() > until && `the service did not answer /health within ${BOOT_TIMEOUT_MS / 1000} s`;
    if (failure) {
      await stop();
      throw new Error(`${failure}:\n${tail}`);
    }
    if (
      await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: child.pid,
    workerPids: processes.slice(1).map(({ child: worker }) => worker.pid),
    apiKey,
    stop,
  };
}

async function createAccount(env, credits) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [cliJs, 'accounts', 'create', '--email', 'bench@example.com', '--credits', String(credits), '--json'],
    { cwd: repoRoot, env },
  );
  const line = stdout
    .trim()
    .split('\n')
    .findLast((l) => l.startsWith('{'));
  const apiKey = line && JSON.parse(line).apiKey;
  if (!apiKey) throw new Error(`the CLI printed no API key:\n${stdout}`);
  return apiKey;
}

/** A TCP port free on 127.0.0.1 just now. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}
