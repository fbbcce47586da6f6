import type { DynamicModule, ModuleMetadata } from '@nestjs/common';

/** What every Quarry `XHttpModule.forRoot` takes besides its options. */
export interface QuarryHttpModuleExtras {
  /**
   * The non-global registrations whose providers the routes use, the same objects the app imports,
   * e.g. `const scrape = ScrapeModule.forRoot({ isGlobal: false })`.
   * @default []
   */
  imports: NonNullable<ModuleMetadata['imports']>;
}

/** `ConfigurableModuleBuilder().setExtras(...)` arguments of every Quarry HTTP module. */
export const QUARRY_HTTP_MODULE_EXTRAS: QuarryHttpModuleExtras = { imports: [] };

export function applyQuarryHttpModuleExtras(
  definition: DynamicModule,
  extras: QuarryHttpModuleExtras,
): DynamicModule {
  return { ...definition, imports: [...(definition.imports ?? []), ...extras.imports] };
}
