export { BrandModule } from './brand.module';
export { BRAND_MODULE_OPTIONS } from './brand.module-definition';
export type { BrandModuleOptions } from './brand-options.interface';
export { BrandService } from './domain/brand.service';
export type {
  BrandColor,
  BrandFont,
  BrandIcon,
  BrandLogo,
  BrandProfile,
  BrandRequest,
  ColorRole,
  LogoSource,
  SocialLink,
  SocialPlatform,
} from './domain/brand-profile';
export { BrandError, type BrandErrorCode } from './domain/brand.error';
export { BrandHttpModule } from './http/brand-http.module';
