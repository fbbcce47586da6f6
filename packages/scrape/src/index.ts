export * from './scrape.module';
export type { ScrapeModuleOptions, ScrapeSettings } from './scrape-options.interface';
export { SCRAPE_SETTINGS } from './scrape-options.interface';
export * from './domain/scrape-result';
export * from './domain/scrape.error';
export * from './domain/scrape.service';
export * from './http/scrape-http.module';
export * from './http/dto/scrape-response.dto';
export * from './infrastructure/typeorm/scrape-schema';
