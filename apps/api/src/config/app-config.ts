import { resolve } from 'node:path';
import { EnvReader } from '@quarry/core';
import { VIDEO_PLATFORMS, type VideoPlatformName } from '@quarry/video';

/** The articles the app ships (apps/api/content/blog), next to the built code. */
const BLOG_DIR = resolve(__dirname, '../../content/blog');

export const ROLES = ['api', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Everything the reference app reads from its environment, parsed and validated once at boot. */
export interface AppConfig {
  port: number;
  role: Role;
  databaseUrl: string;
  redisUrl?: string;
  redisPrefix: string;
  allowHosts: string[];
  adminToken?: string;
  chromiumPath?: string;
  browserWsEndpoint?: string;
  browserJobsPerContext: number;
  smtpUrl?: string;
  logLevel: LogLevel;
  bodyLimitBytes: number;
  httpHeadersTimeoutMs: number;
  httpRequestTimeoutMs: number;
  httpKeepAliveTimeoutMs: number;
  workRequestsPerMinute: number;
  readRequestsPerMinute: number;
  shutdownGraceMs: number;
  jobLeaseMs: number;
  callbackAttempts: number;
  callbackBackoffMs: number;
  monitorsPerAccount: number;
  emailFrom?: string;
  videoOrigins: Partial<Record<VideoPlatformName, string>>;
  sttUrl?: string;
  sttApiKey?: string;
  sttModel: string;
  /** The longest piece of audio in one speech-to-text request; the module's default when unset. */
  sttChunkSeconds?: number;
  /** Deadline of one speech-to-text request; the provider client's default when unset. */
  sttTimeoutMs?: number;
  /** Pieces of one video's audio sent to the provider at once; the module's default when unset. */
  sttConcurrency?: number;
  /** Crawl requests at once to one host, over every crawl of every worker; the module's default when unset. */
  crawlHostConcurrency?: number;
  /** Crawl requests a second to one host; the module's default when unset. */
  crawlHostRequestsPerSecond?: number;
  /** Crawl pages this process scrapes at once; the module's default when unset. */
  crawlPageConcurrency?: number;
  ffmpegPath: string;
  ffprobePath: string;
  videoMaxDurationSeconds: number;
  videoConcurrency: number;
  /** Video jobs of one account running at once in one worker process; the module's default when unset. */
  videoJobsPerAccount?: number;
  /** Threads that read HTML and PDF pages; the machine's cores when unset. */
  readingThreads?: number;
  /** Niceness of those threads; the module's default when unset. */
  readingNice?: number;
  blogDir: string;
  development: boolean;
  /** Marks the dashboard's cookies Secure: set wherever the service is reached over HTTPS. */
  dashboardSecureCookies: boolean;
  /** Signs the dashboard's sign-in tokens and remembered browsers; random at each start when unset. */
  dashboardSecret?: string;
  /** Proxies in front of the service that append to X-Forwarded-For; 0 ignores the header. */
  trustProxy: number;
}

export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const read = new EnvReader(env);
  const databaseUrl = read.string('QUARRY_DATABASE_URL', 'sqlite:./data/quarry.sqlite');
  read.check(
    /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(databaseUrl),
    `QUARRY_DATABASE_URL must be sqlite:<path> or postgres://... (got "${databaseUrl}")`,
  );
  const adminToken = read.optionalString('QUARRY_ADMIN_TOKEN');
  read.check(
    adminToken === undefined || adminToken.length >= 24,
    'QUARRY_ADMIN_TOKEN must be at least 24 characters',
  );
  const config: AppConfig = {
    port: read.int('PORT', 3000, { min: 0, max: 65535 }),
    role: read.oneOf('QUARRY_ROLE', ROLES, 'all'),
    databaseUrl,
    redisUrl: read.url('QUARRY_REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: read.string('QUARRY_REDIS_PREFIX', 'quarry'),
    allowHosts: read.list('QUARRY_ALLOW_HOSTS'),
    adminToken,
    chromiumPath: read.optionalString('QUARRY_CHROMIUM_PATH'),
    browserWsEndpoint: read.url('QUARRY_BROWSER_WS_ENDPOINT', ['ws:', 'wss:']),
    browserJobsPerContext: read.int('QUARRY_BROWSER_JOBS_PER_CONTEXT', 50, { min: 1 }),
    smtpUrl: read.url('QUARRY_SMTP_URL', ['smtp:', 'smtps:']),
    logLevel: read.oneOf('QUARRY_LOG_LEVEL', LOG_LEVELS, 'info'),
    bodyLimitBytes: read.int('QUARRY_BODY_LIMIT_BYTES', 1024 * 1024, { min: 1024 }),
    httpHeadersTimeoutMs: read.int('QUARRY_HTTP_HEADERS_TIMEOUT_MS', 10_000, { min: 100 }),
    httpRequestTimeoutMs: read.int('QUARRY_HTTP_REQUEST_TIMEOUT_MS', 30_000, { min: 100 }),
    httpKeepAliveTimeoutMs: read.int('QUARRY_HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000, { min: 100 }),
    workRequestsPerMinute: read.int('QUARRY_RATE_LIMIT_WORK_PER_MINUTE', 60, { min: 1 }),
    readRequestsPerMinute: read.int('QUARRY_RATE_LIMIT_READS_PER_MINUTE', 600, { min: 1 }),
    shutdownGraceMs: read.int('QUARRY_SHUTDOWN_GRACE_MS', 10_000, { min: 0 }),
    jobLeaseMs: read.int('QUARRY_JOB_LEASE_MS', 30_000, { min: 1000 }),
    callbackAttempts: read.int('QUARRY_CALLBACK_ATTEMPTS', 8, { min: 1, max: 50 }),
    callbackBackoffMs: read.int('QUARRY_CALLBACK_BACKOFF_MS', 30_000, { min: 1 }),
    monitorsPerAccount: read.int('QUARRY_MONITORS_PER_ACCOUNT', 1000, { min: 1 }),
    emailFrom: read.optionalString('QUARRY_EMAIL_FROM'),
    videoOrigins: readVideoOrigins(read, read.optionalString('QUARRY_VIDEO_ORIGINS')),
    sttUrl: read.url('QUARRY_STT_URL', ['http:', 'https:']),
    sttApiKey: read.optionalString('QUARRY_STT_API_KEY'),
    sttModel: read.string('QUARRY_STT_MODEL', 'whisper-1'),
    sttChunkSeconds: read.optionalInt('QUARRY_STT_CHUNK_SECONDS', { min: 10 }),
    sttTimeoutMs: read.optionalInt('QUARRY_STT_TIMEOUT_MS', { min: 1000 }),
    sttConcurrency: read.optionalInt('QUARRY_STT_CONCURRENCY', { min: 1, max: 64 }),
    crawlHostConcurrency: read.optionalInt('QUARRY_CRAWL_HOST_CONCURRENCY', { min: 1, max: 1000 }),
    crawlHostRequestsPerSecond: read.optionalInt('QUARRY_CRAWL_HOST_REQUESTS_PER_SECOND', { min: 1 }),
    crawlPageConcurrency: read.optionalInt('QUARRY_CRAWL_PAGE_CONCURRENCY', { min: 1, max: 1000 }),
    ffmpegPath: read.string('QUARRY_FFMPEG_PATH', 'ffmpeg'),
    ffprobePath: read.string('QUARRY_FFPROBE_PATH', 'ffprobe'),
    videoMaxDurationSeconds: read.int('QUARRY_VIDEO_MAX_DURATION_SECONDS', 3 * 60 * 60, { min: 1 }),
    videoConcurrency: read.int('QUARRY_VIDEO_CONCURRENCY', 2, { min: 1, max: 64 }),
    videoJobsPerAccount: read.optionalInt('QUARRY_VIDEO_JOBS_PER_ACCOUNT', { min: 1, max: 64 }),
    readingThreads: read.optionalInt('QUARRY_READING_THREADS', { min: 1, max: 256 }),
    readingNice: read.optionalInt('QUARRY_READING_NICE', { min: 0, max: 19 }),
    blogDir: resolve(read.string('QUARRY_BLOG_DIR', BLOG_DIR)),
    development: env.NODE_ENV === 'development',
    dashboardSecureCookies:
      read.oneOf('QUARRY_DASHBOARD_SECURE_COOKIES', ['true', 'false'], 'false') === 'true',
    dashboardSecret: read.optionalString('QUARRY_DASHBOARD_SECRET'),
    trustProxy: read.int('QUARRY_TRUST_PROXY', 0, { min: 0, max: 10 }),
  };
  read.check(
    config.dashboardSecret === undefined || config.dashboardSecret.length >= 32,
    'QUARRY_DASHBOARD_SECRET must be at least 32 characters',
  );
  read.check(
    config.httpHeadersTimeoutMs <= config.httpRequestTimeoutMs,
    'QUARRY_HTTP_HEADERS_TIMEOUT_MS must not exceed QUARRY_HTTP_REQUEST_TIMEOUT_MS',
  );
  for (const entry of config.allowHosts) {
    read.check(
      /^[^:\s]+:\d{1,5}$|^\[[0-9a-fA-F:.]+\]:\d{1,5}$/.test(entry),
      `QUARRY_ALLOW_HOSTS entries must be host:port (got "${entry}")`,
    );
  }
  read.done();
  return config;
}

/** `QUARRY_VIDEO_ORIGINS`: JSON like `{ "youtube": "http://127.0.0.1:9000" }`, one http(s) origin per platform. */
function readVideoOrigins(
  read: EnvReader,
  value: string | undefined,
): Partial<Record<VideoPlatformName, string>> {
  if (value === undefined) return {};
  const problem = `QUARRY_VIDEO_ORIGINS must be JSON mapping ${VIDEO_PLATFORMS.join(', ')} to http(s) origins (got ${JSON.stringify(value)})`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    read.check(false, problem);
    return {};
  }
  const entries =
    parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.entries(parsed) : [];
  const valid =
    entries.length > 0 &&
    entries.every(
      ([platform, origin]) =>
        (VIDEO_PLATFORMS as readonly string[]).includes(platform) &&
        typeof origin === 'string' &&
        /^https?:\/\/[^/?#\s]+\/?$/.test(origin),
    );
  read.check(valid, problem);
  return valid ? (Object.fromEntries(entries) as Partial<Record<VideoPlatformName, string>>) : {};
}
