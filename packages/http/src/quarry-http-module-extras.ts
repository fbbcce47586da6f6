import type { DynamicModule, ModuleMetadata, Type } from '@nestjs/common';
import type { SecurityRequirementObject } from '@nestjs/swagger';
import type { QuarryHttpModuleOptions } from './route-guard';
import { ROUTE_SECURITY, withRouteSecurity } from './route-security';

/** What every Quarry `XHttpModule.forRoot` takes besides its options. */
export interface QuarryHttpModuleExtras {
  /**
   * The non-global registrations whose providers the routes use, the same objects the app imports,
   * e.g. `const scrape = ScrapeModule.forRoot({ isGlobal: false })`.
   * @default []
   */
  imports: NonNullable<ModuleMetadata['imports']>;
  /**
   * The OpenAPI security requirements of the routes, e.g. `[{ myJwt: [] }]` for a scheme your
   * document defines; `[]` for none. Needed with `forRootAsync` when its factory gives a `guard`.
   * @default Quarry's API key schemes (`bearer`, `x-api-key`) with Quarry's guard; none with your own `guard`
   */
  security?: SecurityRequirementObject[];
}

/** `ConfigurableModuleBuilder().setExtras(...)` arguments of every Quarry HTTP module. */
export const QUARRY_HTTP_MODULE_EXTRAS: QuarryHttpModuleExtras = { imports: [], security: undefined };

/**
 * Adds the extras to a registration. `forRoot` passes its options with them, so a `guard` there
 * means a host guard whose routes document `security` (or nothing) instead of Quarry's API keys.
 */
export function applyQuarryHttpModuleExtras(
  definition: DynamicModule,
  extras: QuarryHttpModuleExtras & QuarryHttpModuleOptions,
): DynamicModule {
  const imports = [...(definition.imports ?? []), ...extras.imports];
  const security = extras.security ?? (extras.guard === undefined ? undefined : []);
  if (security === undefined) return { ...definition, imports };
  return {
    ...definition,
    module: withRouteSecurity(definition.module as Type, security),
    imports,
    providers: [...(definition.providers ?? []), { provide: ROUTE_SECURITY, useValue: security }],
  };
}
