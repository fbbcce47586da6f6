import { Module } from '@nestjs/common';
import { ScreenshotController } from './screenshot.controller';

/** `POST /screenshot`; mount it under your API prefix with `RouterModule`. Needs `ScreenshotModule` (global). */
@Module({ controllers: [ScreenshotController] })
export class ScreenshotHttpModule {}
