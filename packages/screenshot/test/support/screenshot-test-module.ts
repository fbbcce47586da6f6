import { Logger } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { BrowserModule, type BrowserModuleOptions } from '@quarry/browser';
import { QuarryCoreModule } from '@quarry/core';
import { NetModule, type HostLookup } from '@quarry/net';
import { ScreenshotModule, type ScreenshotModuleOptions } from '../../src';

export interface ScreenshotTestOptions {
  allowHosts: string[];
  lookup?: HostLookup;
  browser?: BrowserModuleOptions;
  screenshot?: ScreenshotModuleOptions;
}

/** ScreenshotModule with real parts: the public-URL policy, the browser pool (4 pages, as the app) and Chromium. */
export async function createScreenshotTestModule(options: ScreenshotTestOptions): Promise<TestingModule> {
  Logger.overrideLogger(['error']);
  const moduleRef = await Test.createTestingModule({
    imports: [
      QuarryCoreModule,
      NetModule.forRoot({ isGlobal: true, allowHosts: options.allowHosts, lookup: options.lookup }),
      BrowserModule.forRoot({ isGlobal: true, maxPages: 4, ...options.browser }),
      ScreenshotModule.forRoot(options.screenshot ?? {}),
    ],
  }).compile();
  await moduleRef.init();
  return moduleRef;
}

/** Resolves names from the table; any other name fails like an unknown host, so tests never use real DNS. */
export function mappedLookup(table: Record<string, string[]>): HostLookup {
  return async (hostname) => {
    const addresses = table[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}
