import { Module } from '@nestjs/common';
import { routeGuardProvider } from '@quarry/http';
import { ApiKeyAccessGuard } from '@quarry/accounts';
import { BrandController } from './brand.controller';
import { BRAND_HTTP_MODULE_OPTIONS, ConfigurableModuleClass } from './brand-http.module-definition';

/**
 * `POST /brand`; mount it under your API prefix with `RouterModule`. Needs `BrandModule` (global).
 * Import it as is (API keys and the per-key rate limit) or with `forRoot({ guard })`.
 */
@Module({
  controllers: [BrandController],
  providers: [routeGuardProvider('BrandHttpModule', BRAND_HTTP_MODULE_OPTIONS, ApiKeyAccessGuard)],
})
export class BrandHttpModule extends ConfigurableModuleClass {}
