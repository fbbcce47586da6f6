import { Module } from '@nestjs/common';
import { type ModuleRequirements, requirementsCheck } from '@quarry/core';
import { routeGuardProvider } from '@quarry/http';
import { BrandController } from './brand.controller';
import { BRAND_HTTP_MODULE_OPTIONS, ConfigurableModuleClass } from './brand-http.module-definition';
import { BrandService } from '../domain/brand.service';

/** What the routes need from the app; a missing piece fails the boot naming what to import. */
const BRAND_HTTP_REQUIREMENTS: ModuleRequirements = {
  moduleName: 'BrandHttpModule',
  requirements: [
    { token: BrandService, missing: 'BrandService: import BrandModule.forRoot() from @quarry/brand' },
  ],
};

/**
 * `POST /brand`; mount it under your API prefix with `RouterModule`. Needs `BrandModule` (global).
 * Import it as is (API keys and the per-key rate limit) or with `forRoot({ guard })`.
 */
@Module({
  controllers: [BrandController],
  providers: [
    requirementsCheck(BRAND_HTTP_REQUIREMENTS),
    routeGuardProvider('BrandHttpModule', BRAND_HTTP_MODULE_OPTIONS),
  ],
})
export class BrandHttpModule extends ConfigurableModuleClass {}
