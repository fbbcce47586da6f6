import { Module } from '@nestjs/common';
import { BrowserPool } from '@quarry/browser';
import {
  Billing,
  billingOf,
  checkedProviders,
  COMMON_REQUIREMENTS,
  IdGenerator,
  type ModuleRequirements,
} from '@quarry/core';
import { PublicUrlPolicy } from '@quarry/net';
import { BrandService } from './domain/brand.service';
import { PooledBrandPageMeasurer } from './page/pooled-brand-page.measurer';
import { BrandPageMeasurer } from './ports/brand-page.measurer';
import { BRAND_MODULE_OPTIONS, ConfigurableModuleClass } from './brand.module-definition';
import {
  BRAND_SETTINGS,
  resolveBrandSettings,
  type BrandModuleOptions,
  type BrandSettings,
} from './brand-options.interface';

/** What the app must provide; a missing piece fails the boot naming what to import. */
const BRAND_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'BrandModule',
  requirements: [
    { token: PublicUrlPolicy, missing: COMMON_REQUIREMENTS.net },
    { token: BrowserPool, missing: COMMON_REQUIREMENTS.browser },
    { token: IdGenerator, missing: COMMON_REQUIREMENTS.core },
  ],
};

/**
 * `BrandService`. Needs, in the app: `NetModule` and `BrowserModule` (a profile is one page of the
 * pool). No database of its own: profiles are paid through the app's `Billing` (`AccountsModule`
 * provides one), free otherwise. Global by default, so `BrandHttpModule` and other feature modules
 * can use the service.
 */
@Module({
  providers: checkedProviders(BRAND_REQUIREMENTS, [
    {
      provide: BRAND_SETTINGS,
      inject: [BRAND_MODULE_OPTIONS, { token: Billing, optional: true }],
      useFactory: (options: BrandModuleOptions, appBilling?: Billing): BrandSettings => {
        const settings = resolveBrandSettings(options);
        return { ...settings, billing: billingOf(settings.billing, appBilling) };
      },
    },
    {
      provide: BrandPageMeasurer,
      inject: [BrowserPool],
      useFactory: (pool: BrowserPool) => new PooledBrandPageMeasurer(pool),
    },
    BrandService,
  ]),
  exports: [BrandService, BRAND_SETTINGS],
})
export class BrandModule extends ConfigurableModuleClass {}
