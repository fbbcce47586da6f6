import type { InjectionToken } from '@nestjs/common';
import type { ModuleRef } from '@nestjs/core';

/** A piece a Quarry module needs from the app, and what to import when it is missing. */
export interface ModuleRequirement {
  token: InjectionToken;
  /** What is missing and how to provide it, e.g. "a TypeORM DataSource: import TypeOrmModule.forRoot() ...". */
  missing: string;
}

/** A Quarry module's name and the pieces it needs from the app. */
export interface ModuleRequirements {
  moduleName: string;
  requirements: readonly ModuleRequirement[];
}

/** A Quarry module started without what it needs; the message names each missing piece and its fix. */
export class MissingModuleRequirementError extends Error {
  override readonly name = 'MissingModuleRequirementError';
}

/** Throws one error naming every requirement the app does not register anywhere, with its fix. */
export function assertModuleRequirements(
  moduleRef: ModuleRef,
  moduleName: string,
  requirements: readonly ModuleRequirement[],
): void {
  const missing = requirements.filter(({ token }) => !isRegistered(moduleRef, token));
  if (missing.length === 0) return;
  const lines = missing.map((requirement) => `  - ${requirement.missing}`).join('\n');
  throw new MissingModuleRequirementError(`${moduleName} cannot start; the app must provide:\n${lines}`);
}

function isRegistered(moduleRef: ModuleRef, token: InjectionToken): boolean {
  try {
    // A provider whose factory found nothing to give (Quarry's DataSource without a TypeORM one) is missing too.
    return moduleRef.get(token, { strict: false }) !== undefined;
  } catch (error: unknown) {
    // A request-scoped provider is registered too; only an unknown token is missing.
    return (error as Error).constructor.name !== 'UnknownElementException';
  }
}

/** The requirements several modules share, worded once. */
export const COMMON_REQUIREMENTS = {
  dataSource:
    "Quarry's DataSource: import QuarryDataSourceModule from @quarry/persistence (forRoot({ dataSource }) for a named one) and TypeOrmModule.forRoot() from @nestjs/typeorm with the entities and migrations of the Quarry packages in use",
  core: 'Clock and IdGenerator: import QuarryCoreModule from @quarry/core',
  jobQueue:
    'a JobQueue: import DatabaseQueueModule.forRoot() from @quarry/queue-db, or BullQueueModule.forRoot() from @quarry/queue-bull',
  net: 'PublicUrlPolicy, SafeHttpClient and WebhookSender: import NetModule.forRoot() from @quarry/net',
  browser: 'BrowserPool and PageRenderer: import BrowserModule.forRoot() from @quarry/browser',
  accounts: 'CreditLedger and the API-key guard: import AccountsModule.forRoot() from @quarry/accounts',
  scrape: 'ScrapeService: import ScrapeModule.forRoot() from @quarry/scrape',
  monitor: 'MonitorsService: import MonitorModule.forRoot() from @quarry/monitor',
} as const;
