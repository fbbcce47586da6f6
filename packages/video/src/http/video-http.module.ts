import { Module } from '@nestjs/common';
import { routeGuardProvider } from '@quarry/http';
import { ApiKeyAccessGuard } from '@quarry/accounts';
import { VideoController } from './video.controller';
import { ConfigurableModuleClass, VIDEO_HTTP_MODULE_OPTIONS } from './video-http.module-definition';

/**
 * `POST /video/process` and `GET /video/jobs/:jobId`; mount it under your API prefix with
 * `RouterModule`. Import it as is (API keys) or with `forRoot({ guard })`.
 */
@Module({
  controllers: [VideoController],
  providers: [routeGuardProvider('VideoHttpModule', VIDEO_HTTP_MODULE_OPTIONS, ApiKeyAccessGuard)],
})
export class VideoHttpModule extends ConfigurableModuleClass {}
