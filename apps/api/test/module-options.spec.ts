import type { DynamicModule, Type } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AccountsAdminHttpModule, AccountsHttpModule, AccountsModule } from '@quarry/accounts';
import { BlogHttpModule, BlogModule } from '@quarry/blog';
import { BrandHttpModule, BrandModule } from '@quarry/brand';
import { Billing, FreeBilling, MissingModuleRequirementError, ModuleOptionsError } from '@quarry/core';
import { DashboardHttpModule } from '@quarry/dashboard';
import { MonitorHttpModule, MonitorModule } from '@quarry/monitor';
import { ScrapeHttpModule, ScrapeModule } from '@quarry/scrape';
import { ScreenshotHttpModule, ScreenshotModule } from '@quarry/screenshot';
import { VideoHttpModule, VideoModule } from '@quarry/video';

/**
 * Boots only `module`, every piece it needs from the app stood in for (billing by `FreeBilling`),
 * so its options are what fails.
 */
async function bootError(module: DynamicModule): Promise<unknown> {
  return Test.createTestingModule({ imports: [module] })
    .useMocker((token) => (token === Billing ? new FreeBilling() : {}))
    .compile()
    .then(
      () => undefined,
      (error: unknown) => error,
    );
}

// Every module that takes options checks them the one way (resolveOptions of @quarry/core).
describe.each([
  ['ScrapeModule', (options: object) => ScrapeModule.forRoot(options), { cacheTTLMs: 5 }, 'cacheTtlMs'],
  [
    'AccountsModule',
    (options: object) => AccountsModule.forRoot(options),
    { workRequestsPerMin: 5 },
    'workRequestsPerMinute',
  ],
  ['BrandModule', (options: object) => BrandModule.forRoot(options), { viewportWidht: 800 }, 'viewportWidth'],
  [
    'ScreenshotModule',
    (options: object) => ScreenshotModule.forRoot(options),
    { defaultQualty: 50 },
    'defaultQuality',
  ],
  ['VideoModule', (options: object) => VideoModule.forRoot(options), { captionsPrice: 1 }, 'captionPrice'],
  [
    'MonitorModule',
    (options: object) => MonitorModule.forRoot(options),
    { checkTimeOutMs: 1 },
    'checkTimeoutMs',
  ],
  [
    'BlogModule',
    (options: object) => BlogModule.forRoot({ contentDir: 'posts', ...options }),
    { watchDebounce: 1 },
    'watchDebounceMs',
  ],
])('%s options', (name, forRoot, misspelled, meant) => {
  it('refuse a misspelled option at boot, suggesting the one meant', async () => {
    const error = await bootError(forRoot(misspelled));
    expect(error).toBeInstanceOf(ModuleOptionsError);
    expect((error as Error).message).toBe(
      `${name}: unknown option ${Object.keys(misspelled)[0]} — did you mean ${meant}?`,
    );
  });

  it('refuse a negative number at boot, naming the module and the option', async () => {
    const error = await bootError(forRoot({ [meant]: -1 }));
    expect(error).toBeInstanceOf(ModuleOptionsError);
    expect((error as Error).message).toMatch(new RegExp(`^${name}: option ${meant} must be an integer`));
  });
});

// An HTTP module imported without its feature module names what to import, before any bare DI error.
describe.each<[string, DynamicModule | Type, string]>([
  ['ScrapeHttpModule', ScrapeHttpModule.forRoot({ guard: false }), 'ScrapeModule.forRoot()'],
  ['ScreenshotHttpModule', ScreenshotHttpModule.forRoot({ guard: false }), 'ScreenshotModule.forRoot()'],
  ['MonitorHttpModule', MonitorHttpModule.forRoot({ guard: false }), 'MonitorModule.forRoot()'],
  ['VideoHttpModule', VideoHttpModule.forRoot({ guard: false }), 'VideoModule.forRoot()'],
  ['BrandHttpModule', BrandHttpModule.forRoot({ guard: false }), 'BrandModule.forRoot()'],
  ['BlogHttpModule', BlogHttpModule, 'BlogModule.forRoot()'],
  ['AccountsHttpModule', AccountsHttpModule, 'AccountsModule.forRoot()'],
  ['AccountsAdminHttpModule', AccountsAdminHttpModule, 'AccountsModule.forRoot()'],
  ['DashboardHttpModule', DashboardHttpModule, 'DashboardModule.forRoot()'],
])('%s alone', (name, module, fix) => {
  it('fails the boot naming the module to import', async () => {
    const error = await Test.createTestingModule({ imports: [module] })
      .compile()
      .then(
        () => undefined,
        (failure: unknown) => failure,
      );
    expect(error).toBeInstanceOf(MissingModuleRequirementError);
    expect((error as Error).message).toContain(`${name} cannot start; the app must provide:`);
    expect((error as Error).message).toContain(`import ${fix}`);
  });
});
