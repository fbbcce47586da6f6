export { ScreenshotModule } from './screenshot.module';
export { SCREENSHOT_MODULE_OPTIONS } from './screenshot.module-definition';
export type { ScreenshotModuleOptions } from './screenshot-options.interface';
export { ScreenshotService } from './domain/screenshot.service';
export type { Screenshot, ScreenshotRequest } from './domain/screenshot-request';
export { ScreenshotError, type ScreenshotErrorCode } from './domain/screenshot.error';
export { ScreenshotHttpModule } from './http/screenshot-http.module';
