import { ExecutionContext, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

const METERED = 'quarry:metered-route';

/** Marks a route as expensive work (scrape, screenshot, brand): it counts against the tighter per-key limit. */
export const MeteredRoute = () => SetMetadata(METERED, true);

export function isMeteredRoute(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<boolean>(METERED, [context.getHandler(), context.getClass()]) === true;
}
