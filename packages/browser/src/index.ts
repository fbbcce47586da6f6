export {
  BrowserError,
  isBrowserError,
  type BrowserErrorCode,
  type BrowserErrorDetails,
} from './errors/browser.error';
export {
  BROWSER_DEFAULTS,
  type BrowserModuleOptions,
  type BrowserPoolOptions,
} from './browser-options.interface';
export { BrowserPool, type BrowserHealth, type BrowserPoolStats } from './pool/browser.pool';
export type { PageJob, PageWork, WithPageOptions } from './pool/page-job';
export type { ProxyVerdict } from './proxy/proxy.journal';
export { loadPage, type InspectedPage, type LoadedPage, type LoadOptions } from './render/page.loader';
export { PageRenderer, type RenderedPage, type RenderOptions } from './render/page.renderer';
export { BrowserModule } from './browser.module';
export { BROWSER_MODULE_OPTIONS } from './browser.module-definition';
export { BROWSER_CONTAINMENT_ARGS } from './pool/launch.args';
