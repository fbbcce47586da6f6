import { Module } from '@nestjs/common';
import { type ModuleRequirements, requirementsCheck } from '@quarry/core';
import { routeGuardProvider } from '@quarry/http';
import { VideoController } from './video.controller';
import { ConfigurableModuleClass, VIDEO_HTTP_MODULE_OPTIONS } from './video-http.module-definition';
import { VideoJobsService } from '../jobs/video-jobs.service';

/** What the routes need from the app; a missing piece fails the boot naming what to import. */
const VIDEO_HTTP_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'VideoHttpModule',
  requirements: [
    { token: VideoJobsService, missing: 'VideoJobsService: import VideoModule.forRoot() from @quarry/video' },
  ],
};

/**
 * `POST /video/process` and `GET /video/jobs/:jobId`; mount it under your API prefix with
 * `RouterModule`. Import it as is (API keys) or with `forRoot({ guard })`.
 */
@Module({
  controllers: [VideoController],
  providers: [
    requirementsCheck(VIDEO_HTTP_REQUIREMENTS),
    routeGuardProvider('VideoHttpModule', VIDEO_HTTP_MODULE_OPTIONS),
  ],
})
export class VideoHttpModule extends ConfigurableModuleClass {}
