import { ExecutionContext, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

const METERED = 'quarry:metered-route';

export interface MeteredRouteOptions {
  /** The ledger operation the route charges before it answers (`scrape`), so the request log shows its credits. */
  charges?: string;
}

/**
 * Marks a route as expensive work (scrape, screenshot, brand), for route guards that meter it apart:
 * `AccountsModule`'s counts it against the tighter per-key limit.
 */
export const MeteredRoute = (options: MeteredRouteOptions = {}) => SetMetadata(METERED, options);

function meteredRoute(reflector: Reflector, context: ExecutionContext): MeteredRouteOptions | undefined {
  return reflector.getAllAndOverride<MeteredRouteOptions | undefined>(METERED, [
    context.getHandler(),
    context.getClass(),
  ]);
}

/** Whether the route (or its controller) is marked `@MeteredRoute()`. */
export function isMeteredRoute(reflector: Reflector, context: ExecutionContext): boolean {
  return meteredRoute(reflector, context) !== undefined;
}

/** The operation a `@MeteredRoute({ charges })` route charges as it runs, if it names one. */
export function chargedOperation(reflector: Reflector, context: ExecutionContext): string | undefined {
  return meteredRoute(reflector, context)?.charges;
}
