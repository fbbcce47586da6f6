import { loadConfig } from './app-config';

describe('loadConfig: video', () => {
  it('reads replacement origins per platform and the speech-to-text provider', () => {
    const config = loadConfig({
      QUARRY_VIDEO_ORIGINS: '{"youtube":"http://127.0.0.1:9000","tiktok":"https://mirror.example"}',
      QUARRY_STT_URL: 'http://127.0.0.1:8000',
      QUARRY_STT_MODEL: 'Systran/faster-whisper-small',
    });
    expect(config.videoOrigins).toEqual({
      youtube: 'http://127.0.0.1:9000',
      tiktok: 'https://mirror.example',
    });
    expect(config).toMatchObject({
      sttUrl: 'http://127.0.0.1:8000',
      sttModel: 'Systran/faster-whisper-small',
    });
  });

  it('reads the settings a self-hosted recogniser needs, leaving them to the module unless set', () => {
    expect(loadConfig({})).toMatchObject({
      sttChunkSeconds: undefined,
      sttTimeoutMs: undefined,
      sttConcurrency: undefined,
    });
    expect(
      loadConfig({
        QUARRY_STT_CHUNK_SECONDS: '60',
        QUARRY_STT_TIMEOUT_MS: '1800000',
        QUARRY_STT_CONCURRENCY: '2',
      }),
    ).toMatchObject({ sttChunkSeconds: 60, sttTimeoutMs: 1_800_000, sttConcurrency: 2 });
  });

  it.each([
    ['QUARRY_STT_CHUNK_SECONDS', '5'],
    ['QUARRY_STT_TIMEOUT_MS', 'soon'],
    ['QUARRY_STT_CONCURRENCY', '0'],
  ])('refuses to start with %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('reads the crawl politeness settings, leaving them to the module unless set', () => {
    expect(loadConfig({})).toMatchObject({
      crawlHostConcurrency: undefined,
      crawlHostRequestsPerSecond: undefined,
      crawlPageConcurrency: undefined,
    });
    expect(
      loadConfig({
        QUARRY_CRAWL_HOST_CONCURRENCY: '4',
        QUARRY_CRAWL_HOST_REQUESTS_PER_SECOND: '20',
        QUARRY_CRAWL_PAGE_CONCURRENCY: '16',
      }),
    ).toMatchObject({ crawlHostConcurrency: 4, crawlHostRequestsPerSecond: 20, crawlPageConcurrency: 16 });
    expect(() => loadConfig({ QUARRY_CRAWL_HOST_CONCURRENCY: '0' })).toThrow(/QUARRY_CRAWL_HOST_CONCURRENCY/);
  });

  it('defaults to the platforms themselves and no provider', () => {
    expect(loadConfig({})).toMatchObject({ videoOrigins: {}, sttUrl: undefined, sttModel: 'whisper-1' });
  });

  it.each([
    ['not JSON', 'youtube=http://127.0.0.1:9000'],
    ['an unknown platform', '{"vimeo":"http://127.0.0.1:9000"}'],
    ['an origin with a path', '{"youtube":"http://127.0.0.1:9000/watch"}'],
    ['a non-http origin', '{"youtube":"ftp://127.0.0.1"}'],
    ['an array', '["http://127.0.0.1:9000"]'],
  ])('refuses to start with QUARRY_VIDEO_ORIGINS as %s', (_case, value) => {
    expect(() => loadConfig({ QUARRY_VIDEO_ORIGINS: value })).toThrow(/QUARRY_VIDEO_ORIGINS must be JSON/);
  });
});

describe('loadConfig: dashboard sign-in', () => {
  it('ignores X-Forwarded-For and picks a random secret unless told otherwise', () => {
    expect(loadConfig({})).toMatchObject({ trustProxy: 0, dashboardSecret: undefined });
    expect(loadConfig({ QUARRY_TRUST_PROXY: '1', QUARRY_DASHBOARD_SECRET: 's'.repeat(32) })).toMatchObject({
      trustProxy: 1,
      dashboardSecret: 's'.repeat(32),
    });
  });

  it('refuses to start with a short secret or a trust proxy that is not a count', () => {
    expect(() => loadConfig({ QUARRY_DASHBOARD_SECRET: 'short' })).toThrow(
      /QUARRY_DASHBOARD_SECRET must be at least 32 characters/,
    );
    expect(() => loadConfig({ QUARRY_TRUST_PROXY: 'true' })).toThrow(/QUARRY_TRUST_PROXY must be an integer/);
  });
});

describe('loadConfig: worker counts', () => {
  it("leaves reading threads and video jobs per account to the modules' defaults unless set", () => {
    expect(loadConfig({})).toMatchObject({ readingThreads: undefined, videoJobsPerAccount: undefined });
    expect(loadConfig({ QUARRY_READING_THREADS: '3', QUARRY_VIDEO_JOBS_PER_ACCOUNT: '2' })).toMatchObject({
      readingThreads: 3,
      videoJobsPerAccount: 2,
    });
  });

  it('refuses to start with a count that is not a positive integer', () => {
    expect(() => loadConfig({ QUARRY_READING_THREADS: '0', QUARRY_VIDEO_JOBS_PER_ACCOUNT: 'two' })).toThrow(
      /QUARRY_VIDEO_JOBS_PER_ACCOUNT must be an integer >= 1 <= 64 \(got "two"\)[\s\S]*QUARRY_READING_THREADS must be an integer >= 1 <= 256 \(got "0"\)/,
    );
  });
});
