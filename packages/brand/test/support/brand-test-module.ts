import { Logger } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { BrowserModule } from '@quarry/browser';
import { QuarryCoreModule } from '@quarry/core';
import { NetModule, type HostLookup } from '@quarry/net';
import { BrandModule, type BrandModuleOptions } from '../../src';

/** BrandModule with real parts: the public-URL policy, the browser pool (4 pages, as the app) and Chromium. */
export async function createBrandTestModule(options: {
  allowHosts: string[];
  lookup?: HostLookup;
  brand?: BrandModuleOptions;
}): Promise<TestingModule> {
  Logger.overrideLogger(['error']);
  const moduleRef = await Test.createTestingModule({
    imports: [
      QuarryCoreModule,
      NetModule.forRoot({ isGlobal: true, allowHosts: options.allowHosts, lookup: options.lookup }),
      BrowserModule.forRoot({ isGlobal: true, maxPages: 4 }),
      BrandModule.forRoot(options.brand ?? {}),
    ],
  }).compile();
  await moduleRef.init();
  return moduleRef;
}
