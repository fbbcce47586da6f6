import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  Billing,
  billingOf,
  checkedProviders,
  Clock,
  COMMON_REQUIREMENTS,
  type ModuleRequirements,
  webhookSecretsOf,
  WebhookSigningSecrets,
} from '@quarry/core';
import { QUARRY_DATA_SOURCE } from '@quarry/persistence';
import { JobQueue } from '@quarry/queue';
import { PublicUrlPolicy } from '@quarry/net';
import { VideoProcessor } from './domain/video.processor';
import { DatabaseTranscribedPieceStore } from './infrastructure/typeorm/database-transcribed-pieces';
import { DatabaseTranscriptCache } from './infrastructure/typeorm/database-transcript.cache';
import { TypeormJobRecordStore } from '@quarry/jobs';
import { VideoJobEntity } from './infrastructure/typeorm/video-job.entity';
import { VideoResources } from './infrastructure/video-resources';
import { VideoJobWorker } from './jobs/video-job.worker';
import { VideoJobsService } from './jobs/video-jobs.service';
import { MediaTranscriber } from './ports/media-transcriber';
import { TranscribedPieceStore } from './ports/transcribed-pieces';
import { TranscriptCache } from './ports/transcript-cache';
import { VideoJobStore } from './ports/video-job.store';
import { VideoSources } from './ports/video-sources';
import { ConfigurableModuleClass, VIDEO_MODULE_OPTIONS } from './video.module-definition';
import {
  resolveVideoSettings,
  VIDEO_SETTINGS,
  type VideoModuleOptions,
  type VideoSettings,
} from './video-options.interface';

/** What the app must provide; a missing piece fails the boot naming what to import. */
const VIDEO_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'VideoModule',
  requirements: [
    { token: QUARRY_DATA_SOURCE, missing: COMMON_REQUIREMENTS.dataSource },
    { token: Clock, missing: COMMON_REQUIREMENTS.core },
    { token: PublicUrlPolicy, missing: COMMON_REQUIREMENTS.net },
  ],
};

/**
 * Video jobs (`VideoJobsService`, run on the `JobQueue` by `VideoJobWorker`): transcripts from the
 * platforms' captions or speech-to-text, cached, charged on success, delivered to signed callbacks.
 * Needs, in the app: `QuarryCoreModule`, `QuarryDataSourceModule`, a TypeORM `DataSource` with `videoEntities` and
 * `videoMigrations`, and the global `NetModule`; jobs also need a queue module and callback signing
 * secrets (`AccountsModule`, or the `webhookSecrets` option). Global by default, so `VideoHttpModule` finds the service.
 */
@Module({
  providers: checkedProviders(VIDEO_REQUIREMENTS, [
    {
      provide: VIDEO_SETTINGS,
      inject: [
        VIDEO_MODULE_OPTIONS,
        { token: Billing, optional: true },
        { token: WebhookSigningSecrets, optional: true },
        { token: JobQueue, optional: true },
      ],
      useFactory: (
        options: VideoModuleOptions,
        appBilling?: Billing,
        appSecrets?: WebhookSigningSecrets,
        queue?: JobQueue,
      ): VideoSettings => {
        const settings = resolveVideoSettings(options);
        return {
          ...settings,
          billing: billingOf(settings.billing, appBilling),
          webhookSecrets: webhookSecretsOf('VideoModule', settings.webhookSecrets, appSecrets, !!queue),
        };
      },
    },
    {
      provide: VideoResources,
      inject: [VIDEO_SETTINGS],
      useFactory: (settings: VideoSettings) => VideoResources.create(settings),
    },
    {
      provide: VideoSources,
      inject: [VideoResources],
      useFactory: (resources: VideoResources) => resources.sources,
    },
    {
      provide: MediaTranscriber,
      inject: [VideoResources],
      useFactory: (resources: VideoResources) => resources.transcriber,
    },
    {
      provide: TranscriptCache,
      inject: [QUARRY_DATA_SOURCE, Clock],
      useFactory: (dataSource: DataSource, clock: Clock) => new DatabaseTranscriptCache(dataSource, clock),
    },
    {
      provide: TranscribedPieceStore,
      inject: [QUARRY_DATA_SOURCE, Clock, VIDEO_SETTINGS],
      useFactory: (dataSource: DataSource, clock: Clock, settings: VideoSettings) =>
        new DatabaseTranscribedPieceStore(dataSource, clock, settings.jobRetentionMs),
    },
    {
      provide: VideoJobStore,
      inject: [QUARRY_DATA_SOURCE, Clock],
      useFactory: (dataSource: DataSource, clock: Clock) =>
        new TypeormJobRecordStore(VideoJobEntity, dataSource, clock),
    },
    VideoProcessor,
    VideoJobsService,
    VideoJobWorker,
  ]),
  exports: [VideoJobsService, VIDEO_SETTINGS],
})
export class VideoModule extends ConfigurableModuleClass {}
