export { QuarryExceptionFilter } from './quarry-exception.filter';
export { QuarryHttp } from './quarry-http.decorator';
export { OptionalField } from './optional-field.decorator';
export { HttpUrlField, type HttpUrlFieldOptions } from './http-url.decorator';
export { TimeoutMsField } from './timeout-ms-field.decorator';
export { NO_CONTROL_CHARACTERS_PATTERN, NoControlCharacters } from './no-control-characters.decorator';
export {
  ApiKeySecurityDocs,
  DEFAULT_ROUTE_GUARD,
  GuardedRoutes,
  routeGuardProvider,
  type QuarryHttpModuleOptions,
} from './route-guard';
export { ANONYMOUS_ACCOUNT, CurrentAccount } from './current-account.decorator';
export { CurrentApiKey } from './current-api-key.decorator';
export {
  JobStatusController,
  type JobStatusRoute,
  type JobStatusRoutes,
  type OwnJobs,
} from './job-status.controller';
export {
  ErrorBodyDto,
  NotFoundErrorBodyDto,
  NotImplementedErrorBodyDto,
  PayloadTooLargeErrorBodyDto,
  PaymentRequiredErrorBodyDto,
  RateLimitedErrorBodyDto,
  UnauthorizedErrorBodyDto,
  ValidationErrorBodyDto,
} from './error-body.dto';
export {
  applyQuarryHttpModuleExtras,
  QUARRY_HTTP_MODULE_EXTRAS,
  type QuarryHttpModuleExtras,
} from './quarry-http-module-extras';
export {
  chargedOperation,
  isMeteredRoute,
  MeteredRoute,
  type MeteredRouteOptions,
} from './metered-route.decorator';
export { QuarryBody } from './quarry-body.decorator';
export { CallbackDeliveryDto } from './callback-delivery.dto';
