import { DynamicModule, Module } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { DatabaseQueueModule } from '@quarry/queue-db';
import { AccountsAdminHttpModule, AccountsHttpModule, AccountsModule } from '@quarry/accounts';
import { BrowserModule } from '@quarry/browser';
import { NetModule } from '@quarry/net';
import { BullQueueModule } from '@quarry/queue-bull';
import { ScrapeHttpModule, ScrapeModule } from '@quarry/scrape';
import { CrawlHttpModule, CrawlModule } from '@quarry/crawl';
import { ScreenshotHttpModule, ScreenshotModule } from '@quarry/screenshot';
import { MonitorHttpModule, MonitorModule } from '@quarry/monitor';
import { VideoHttpModule, VideoModule } from '@quarry/video';
import { BrandHttpModule, BrandModule } from '@quarry/brand';
import { BlogHttpModule, BlogModule } from '@quarry/blog';
import { DashboardHttpModule, DashboardModule } from '@quarry/dashboard';
import { AppConfig } from './config/app-config';
import { quarryDataSourceOptions } from './database/quarry-schema';
import { HealthController } from './health/health.controller';
import { HttpServerDrain } from './http/http-server-drain';

/** The reference service: every Quarry module, composed from one validated `AppConfig`. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    const runWorkers = config.role !== 'api';
    return {
      module: AppModule,
      imports: [
        QuarryCoreModule,
        QuarryDataSourceModule,
        TypeOrmModule.forRoot(quarryDataSourceOptions(config.databaseUrl)),
        config.redisUrl
          ? BullQueueModule.forRoot({
              redisUrl: config.redisUrl,
              prefix: config.redisPrefix,
              runWorkers,
              shutdownGraceMs: config.shutdownGraceMs,
              lockDurationMs: config.jobLeaseMs,
              stalledIntervalMs: config.jobLeaseMs,
            })
          : DatabaseQueueModule.forRoot({
              runWorkers,
              shutdownGraceMs: config.shutdownGraceMs,
              leaseMs: config.jobLeaseMs,
            }),
        NetModule.forRoot({ allowHosts: config.allowHosts, isGlobal: true }),
        AccountsModule.forRoot({
          workRequestsPerMinute: config.workRequestsPerMinute,
          readRequestsPerMinute: config.readRequestsPerMinute,
          redisUrl: config.redisUrl,
          adminToken: config.adminToken,
        }),
        BrowserModule.forRoot({
          isGlobal: true,
          chromiumPath: config.chromiumPath,
          wsEndpoint: config.browserWsEndpoint,
          jobsPerContext: config.browserJobsPerContext,
        }),
        ScrapeModule.forRoot({
          redisUrl: config.redisUrl,
          redisPrefix: config.redisPrefix,
          callbackAttempts: config.callbackAttempts,
          callbackBackoffMs: config.callbackBackoffMs,
          readingThreads: config.readingThreads,
          readingNice: config.readingNice,
        }),
        CrawlModule.forRoot({
          hostConcurrency: config.crawlHostConcurrency,
          hostRequestsPerSecond: config.crawlHostRequestsPerSecond,
          pageConcurrency: config.crawlPageConcurrency,
          callbackAttempts: config.callbackAttempts,
          callbackBackoffMs: config.callbackBackoffMs,
        }),
        ScreenshotModule.forRoot({}),
        MonitorModule.forRoot({
          smtpUrl: config.smtpUrl,
          emailFrom: config.emailFrom,
          maxMonitorsPerAccount: config.monitorsPerAccount,
          runScheduler: config.role !== 'api',
          webhookAttempts: config.callbackAttempts,
          webhookBackoffMs: config.callbackBackoffMs,
        }),
        VideoModule.forRoot({
          origins: config.videoOrigins,
          stt: config.sttUrl
            ? {
                url: config.sttUrl,
                apiKey: config.sttApiKey,
                model: config.sttModel,
                timeoutMs: config.sttTimeoutMs,
              }
            : undefined,
          sttChunkSeconds: config.sttChunkSeconds,
          sttConcurrency: config.sttConcurrency,
          ffmpegPath: config.ffmpegPath,
          ffprobePath: config.ffprobePath,
          maxDurationSeconds: config.videoMaxDurationSeconds,
          concurrency: config.videoConcurrency,
          maxConcurrentJobsPerAccount: config.videoJobsPerAccount,
          callbackAttempts: config.callbackAttempts,
          callbackBackoffMs: config.callbackBackoffMs,
        }),
        BrandModule.forRoot({}),
        BlogModule.forRoot({ contentDir: config.blogDir, watch: config.development }),
        AccountsHttpModule,
        AccountsAdminHttpModule,
        ScrapeHttpModule,
        CrawlHttpModule,
        ScreenshotHttpModule,
        MonitorHttpModule,
        VideoHttpModule,
        BrandHttpModule,
        BlogHttpModule,
        DashboardModule.forRoot({
          secureCookies: config.dashboardSecureCookies,
          secret: config.dashboardSecret,
          trustProxy: config.trustProxy,
        }),
        DashboardHttpModule,
        RouterModule.register([
          { path: 'v1/api', module: AccountsHttpModule },
          { path: 'v1/api', module: ScrapeHttpModule },
          { path: 'v1/api', module: CrawlHttpModule },
          { path: 'v1/api', module: ScreenshotHttpModule },
          { path: 'v1/api', module: MonitorHttpModule },
          { path: 'v1/api', module: VideoHttpModule },
          { path: 'v1/api', module: BrandHttpModule },
          { path: 'v1/api', module: BlogHttpModule },
          { path: 'v1/admin', module: AccountsAdminHttpModule },
          { path: 'dashboard', module: DashboardHttpModule },
        ]),
      ],
      controllers: [HealthController],
      providers: [HttpServerDrain],
    };
  }
}
