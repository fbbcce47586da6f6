import type { DynamicModule, ModuleMetadata } from '@nestjs/common';

/** What every Quarry `forRoot`/`forRootAsync` takes besides its own options. */
export interface QuarryModuleExtras {
  /**
   * Registers the module's providers app-wide, so `XHttpModule`s and the app's own modules inject them
   * without importing it. With `false`, pass the registration to `XHttpModule.forRoot({ imports })`.
   * @default true
   */
  isGlobal: boolean;
}

/** The one `isGlobal` default of every Quarry module: `ConfigurableModuleBuilder().setExtras(...)` arguments. */
export const QUARRY_MODULE_EXTRAS: QuarryModuleExtras = { isGlobal: true };

export function applyQuarryModuleExtras(
  definition: DynamicModule,
  extras: QuarryModuleExtras,
): DynamicModule {
  return { ...definition, global: extras.isGlobal };
}

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
