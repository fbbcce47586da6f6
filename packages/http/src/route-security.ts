import { Module, type Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { DECORATORS, type SecurityRequirementObject } from '@nestjs/swagger';

/**
 * The OpenAPI security the routes of one HTTP module registration were given, provided by that
 * registration (`forRoot({ guard })`, or `security` beside either method); absent when the routes keep
 * Quarry's API key schemes.
 */
export const ROUTE_SECURITY = Symbol('QuarryRouteSecurity');

/** A subclass of `base` of the same name, so routes and the document see the same class but for what it overrides. */
const sameNamed = <T extends Type>(base: T): T => ({ [base.name]: class extends base {} })[base.name];

/**
 * `module` for one registration: its controllers become subclasses (same name, routes, guard and
 * metadata) whose OpenAPI security is `security` (none when empty), so a host guard's document never
 * names Quarry's API key schemes, and another registration of the module keeps its own.
 */
export function withRouteSecurity(module: Type, security: SecurityRequirementObject[]): Type {
  const controllers = (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, module) as Type[]).map(
    (controller) => {
      const documented = sameNamed(controller);
      Reflect.defineMetadata(DECORATORS.API_SECURITY, security.length > 0 ? security : undefined, documented);
      return documented;
    },
  );
  const registration = sameNamed(module);
  Module({ controllers })(registration);
  return registration;
}
