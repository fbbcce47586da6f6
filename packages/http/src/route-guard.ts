import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  FactoryProvider,
  Inject,
  Injectable,
  InjectionToken,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiSecurity,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { RateLimitedErrorBodyDto, UnauthorizedErrorBodyDto } from './error-body.dto';

/** The options every Quarry HTTP module (`ScrapeHttpModule.forRoot(...)`, ...) takes. */
export interface QuarryHttpModuleOptions {
  /**
   * Who may call the module's routes: your own guard, or `false` to leave them open (behind your
   * gateway, say). A guard that sets `request.auth = { accountId }` makes requests act for that account.
   * @default the app's `DEFAULT_ROUTE_GUARD` (AccountsModule's API key guard); a boot error when the app has none
   */
  guard?: CanActivate | false;
}

/**
 * The guard of Quarry's HTTP modules that were given no `guard` option. `AccountsModule` provides
 * its API key guard under it; the HTTP modules need nothing else of `@quarry/accounts`.
 */
export const DEFAULT_ROUTE_GUARD = Symbol('QuarryDefaultRouteGuard');

/** The guard a Quarry HTTP module's routes pass, as its `guard` option resolved. */
export const ROUTE_GUARD = Symbol('QuarryRouteGuard');

/** Runs the guard the HTTP module was given, so controllers name one guard whatever the host chose. */
@Injectable()
export class RouteGuard implements CanActivate {
  constructor(@Inject(ROUTE_GUARD) private readonly guard: CanActivate | false) {}

  canActivate(context: ExecutionContext): ReturnType<CanActivate['canActivate']> {
    return this.guard === false || this.guard.canActivate(context);
  }
}

/**
 * Provides ROUTE_GUARD in an HTTP module: the `guard` option, else the app's `DEFAULT_ROUTE_GUARD`,
 * else a boot error naming both ways out.
 */
export function routeGuardProvider(moduleName: string, optionsToken: InjectionToken): FactoryProvider {
  return {
    provide: ROUTE_GUARD,
    inject: [
      { token: optionsToken, optional: true },
      { token: DEFAULT_ROUTE_GUARD, optional: true },
    ],
    useFactory: (options?: QuarryHttpModuleOptions, fallback?: CanActivate) => {
      if (options?.guard !== undefined) return options.guard;
      if (fallback) return fallback;
      throw new Error(
        `${moduleName} has no guard for its routes: import AccountsModule from @quarry/accounts (API keys), ` +
          `or pass ${moduleName}.forRoot({ guard }) with your own guard (or guard: false for open routes).`,
      );
    },
  };
}

/** How the document describes Quarry's API key schemes and the answers of a route that needs a key. */
export const ApiKeySecurityDocs = () =>
  applyDecorators(
    ApiBearerAuth(),
    ApiSecurity('x-api-key'),
    ApiUnauthorizedResponse({
      description: 'Missing, malformed, unknown or revoked key.',
      type: UnauthorizedErrorBodyDto,
    }),
    ApiTooManyRequestsResponse({
      description: 'Per-key rate limit exceeded; see Retry-After.',
      type: RateLimitedErrorBodyDto,
    }),
  );

/** The routes pass their HTTP module's guard; the document describes Quarry's API key schemes. */
export const GuardedRoutes = () => applyDecorators(UseGuards(RouteGuard), ApiKeySecurityDocs());
