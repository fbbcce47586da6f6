import type { DynamicModule } from '@nestjs/common';

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
