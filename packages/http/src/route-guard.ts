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
  type SecurityRequirementObject,
} from '@nestjs/swagger';
import { AccountDirectory } from '@quarry/core';
import { RateLimitedErrorBodyDto, UnauthorizedErrorBodyDto } from './error-body.dto';
import { HostAccessGuard, type AccountResolver } from './host-access.guard';
import { ROUTE_SECURITY } from './route-security';

/** The options every Quarry HTTP module (`ScrapeHttpModule.forRoot(...)`, ...) takes. */
export interface QuarryHttpModuleOptions {
  /**
   * Who may call the module's routes: your own guard, or `false` to leave them open (behind your
   * gateway, say). A guard that sets `request.auth = { accountId }` makes requests act for that account.
   * The OpenAPI document then describes the routes with the `security` extra, or with no scheme.
   * @default the app's `DEFAULT_ROUTE_GUARD` (AccountsModule's API key guard); a boot error when the app has none
   */
  guard?: CanActivate | false;
  /**
   * Maps the request your guard let through to the Quarry account it acts for, e.g.
   * `(request) => accounts.ensureAccount(request.user.sub).then((account) => account.id)`; a
   * request it maps to none is refused (403). With your own guard or resolver, a request for an
   * account Quarry does not know is refused (403) before any work is accepted.
   */
  resolveAccount?: AccountResolver;
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
  constructor(@Inject(ROUTE_GUARD) private readonly guard: CanActivate) {}

  canActivate(context: ExecutionContext): ReturnType<CanActivate['canActivate']> {
    return this.guard.canActivate(context);
  }
}

/**
 * Provides ROUTE_GUARD in an HTTP module: the `guard` option, else the app's `DEFAULT_ROUTE_GUARD`,
 * else a boot error naming both ways out; with the host's guard or `resolveAccount`, the account a
 * request acts for must be one Quarry knows. A `guard` from `forRootAsync` needs `security` beside
 * it, or the document would name Quarry's API key schemes for routes that do not take keys.
 */
export function routeGuardProvider(moduleName: string, optionsToken: InjectionToken): FactoryProvider {
  return {
    provide: ROUTE_GUARD,
    inject: [
      { token: optionsToken, optional: true },
      { token: DEFAULT_ROUTE_GUARD, optional: true },
      { token: AccountDirectory, optional: true },
      { token: ROUTE_SECURITY, optional: true },
    ],
    useFactory: (
      options?: QuarryHttpModuleOptions,
      fallback?: CanActivate,
      directory?: AccountDirectory,
      security?: SecurityRequirementObject[],
    ) => {
      if (options?.guard !== undefined && security === undefined) {
        throw new Error(
          `${moduleName}.forRootAsync() gives its own guard: name the OpenAPI security of its routes beside ` +
            `useFactory, e.g. ${moduleName}.forRootAsync({ useFactory, security: [{ myJwt: [] }] }), or security: [] for none.`,
        );
      }
      const guard = options?.guard ?? fallback;
      if (guard === undefined)
        throw new Error(
          `${moduleName} has no guard for its routes: import AccountsModule from @quarry/accounts (API keys), ` +
            `or pass ${moduleName}.forRoot({ guard }) with your own guard (or guard: false for open routes).`,
        );
      if (guard === fallback && !options?.resolveAccount) return fallback;
      return new HostAccessGuard(guard, options?.resolveAccount, directory);
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

/**
 * The routes pass their HTTP module's guard; the document describes Quarry's API key schemes, unless
 * the registration has its own guard or `security` (see `applyQuarryHttpModuleExtras`).
 */
export const GuardedRoutes = () => applyDecorators(UseGuards(RouteGuard), ApiKeySecurityDocs());
