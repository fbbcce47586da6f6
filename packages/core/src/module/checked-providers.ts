import type {
  FactoryProvider,
  InjectionToken,
  OptionalFactoryDependency,
  Provider,
  Type,
} from '@nestjs/common';
import {
  OPTIONAL_DEPS_METADATA,
  PARAMTYPES_METADATA,
  PROPERTY_DEPS_METADATA,
  SELF_DECLARED_DEPS_METADATA,
} from '@nestjs/common/constants';
import { ModuleRef } from '@nestjs/core';
import {
  assertModuleRequirements,
  MissingModuleRequirementError,
  type ModuleRequirements,
} from './module-requirements';

type Dependency = InjectionToken | OptionalFactoryDependency;

/**
 * The module's providers, each built by a factory that receives every dependency as optional and
 * fails with one `MissingModuleRequirementError` naming what the app must import. Nest creates
 * providers concurrently, so a check anywhere else could lose the race to its bare DI error.
 */
export function checkedProviders(spec: ModuleRequirements, providers: readonly Provider[]): Provider[] {
  return providers.map((provider) => {
    if (typeof provider === 'function')
      return checkedFactory(spec, provider, classDependencies(provider), (...args) => new provider(...args));
    if ('useFactory' in provider)
      return checkedFactory(spec, provider.provide, provider.inject ?? [], provider.useFactory);
    return provider;
  });
}

/**
 * A provider that fails the boot with the same `MissingModuleRequirementError` when a requirement is
 * not visible to the module. HTTP modules carry it: Nest creates a module's providers before its
 * guards and controllers, so this check speaks before their bare DI error could.
 */
export function requirementsCheck(spec: ModuleRequirements): FactoryProvider {
  const tokens = spec.requirements.map(({ token }) => token);
  return checkedFactory(spec, Symbol(`${spec.moduleName} requirements`), tokens, () => true);
}

function checkedFactory(
  spec: ModuleRequirements,
  provide: InjectionToken,
  dependencies: readonly Dependency[],
  create: (...args: unknown[]) => unknown,
): FactoryProvider {
  const tokens = dependencies.map((dependency) => (isOptional(dependency) ? dependency.token : dependency));
  const optional = dependencies.map((dependency) => isOptional(dependency) && dependency.optional === true);
  return {
    provide,
    inject: [ModuleRef, ...tokens.map((token) => ({ token, optional: true }))],
    useFactory: (moduleRef: ModuleRef, ...args: unknown[]) => {
      const missing = args.findIndex((value, index) => value === undefined && !optional[index]);
      if (missing >= 0) {
        assertModuleRequirements(moduleRef, spec.moduleName, spec.requirements);
        throw new MissingModuleRequirementError(
          `${spec.moduleName} cannot start: ${nameOf(provide)} needs ${nameOf(tokens[missing])}, which no module visible to ${spec.moduleName} exports (register its module globally, the default of every Quarry module)`,
        );
      }
      return create(...args);
    },
  };
}

function classDependencies(type: Type): Dependency[] {
  if (Reflect.getMetadata(PROPERTY_DEPS_METADATA, type))
    throw new TypeError(`${type.name} uses property injection, which checkedProviders does not support`);
  const tokens: InjectionToken[] = [...(Reflect.getMetadata(PARAMTYPES_METADATA, type) ?? [])];
  // As Nest reads them: a subclass's @Inject entries follow its parent's and win.
  const declared: { index: number; param: InjectionToken }[] =
    Reflect.getMetadata(SELF_DECLARED_DEPS_METADATA, type) ?? [];
  for (const { index, param } of declared) tokens[index] = param;
  const optional: number[] = Reflect.getMetadata(OPTIONAL_DEPS_METADATA, type) ?? [];
  return tokens.map((token, index) => ({ token, optional: optional.includes(index) }));
}

function isOptional(dependency: Dependency): dependency is OptionalFactoryDependency {
  return typeof dependency === 'object' && dependency !== null && 'token' in dependency;
}

function nameOf(token: InjectionToken): string {
  return typeof token === 'function' ? token.name : String(token);
}
