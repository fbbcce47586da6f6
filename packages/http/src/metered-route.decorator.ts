import { ExecutionContext, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

const METERED = 'quarry:metered-route';

/**
 * Marks a route as expensive work (scrape, screenshot, brand), for route guards that meter it apart:
 * `AccountsModule`'s counts it against the tighter per-key limit.
 */
export const MeteredRoute = () => SetMetadata(METERED, true);

/** Whether the route (or its controller) is marked `@MeteredRoute()`. */
export function isMeteredRoute(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean>(METERED, [context.getHandler(), context.getClass()]) === true;
}
