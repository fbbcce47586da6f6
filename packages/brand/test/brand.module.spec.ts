import { Injectable, Logger, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { BrowserModule, BrowserPool } from '@quarry/browser';
import { FreeBilling, QuarryCoreModule } from '@quarry/core';
import { ANONYMOUS_ACCOUNT } from '@quarry/http';
import { NetModule } from '@quarry/net';
import { eventually, processTree, startFixtureServer, type FixtureServer } from '@quarry/testing';
import { BrandModule, BrandService, type BrandModuleOptions } from '../src';
import { BRAND_DEFAULTS, BRAND_SETTINGS, type BrandSettings } from '../src/brand-options.interface';

let site: FixtureServer;

beforeAll(async () => {
  Logger.overrideLogger(['error']);
  site = await startFixtureServer({
    '/': { body: '<!doctype html><title>Module</title><h1 style="color:#c026d3">Brand module</h1>' },
  });
});
afterAll(() => site?.close());

@Injectable()
class BrandConfig {
  readonly options: BrandModuleOptions = { price: 3, viewportWidth: 1024, defaultTimeoutMs: 20_000 };
}

@Module({ providers: [BrandConfig], exports: [BrandConfig] })
class ConfigModule {}

const infrastructure = () => [
  QuarryCoreModule,
  NetModule.forRoot({ isGlobal: true, allowHosts: [site.hostPort] }),
  BrowserModule.forRoot({ isGlobal: true, maxPages: 1 }),
];

describe.each([
  ['forRoot', () => BrandModule.forRoot({ price: 3, viewportWidth: 1024, defaultTimeoutMs: 20_000 })],
  [
    'forRootAsync',
    () =>
      BrandModule.forRootAsync({
        imports: [ConfigModule],
        inject: [BrandConfig],
        useFactory: (config: BrandConfig) => config.options,
      }),
  ],
])('BrandModule.%s', (_name, brandModule) => {
  it('provides the service globally, with its settings, usable without AccountsModule', async () => {
    @Injectable()
    class Consumer {
      constructor(readonly brands: BrandService) {}
    }
    @Module({ providers: [Consumer] })
    class FeatureModule {}

    const moduleRef = await Test.createTestingModule({
      imports: [...infrastructure(), brandModule(), FeatureModule],
    }).compile();
    const app = await moduleRef.init();
    try {
      expect(app.get<BrandSettings>(BRAND_SETTINGS)).toEqual({
        ...BRAND_DEFAULTS,
        price: 3,
        viewportWidth: 1024,
        defaultTimeoutMs: 20_000,
        // No AccountsModule in this app: profiles are free.
        billing: expect.any(FreeBilling),
      });
      const profile = await app.get(Consumer).brands.profile(ANONYMOUS_ACCOUNT, { url: site.url('/') });
      expect(profile).toMatchObject({ name: 'Module', domain: '127.0.0.1' });
      expect(profile.colors).toContainEqual(expect.objectContaining({ role: 'primary', hex: '#c026d3' }));
    } finally {
      const pid = app.get(BrowserPool).stats().pid as number;
      await app.close();
      await eventually(() => processTree(pid).length === 0, 10_000);
    }
  }, 60_000);
});

describe('BrandModule options', () => {
  it.each([
    [{ price: -1 }, /price/],
    [{ price: 1.5 }, /price/],
    [{ defaultTimeoutMs: 0 }, /defaultTimeoutMs/],
    [{ viewportWidth: 100 }, /viewportWidth/],
    [{ busyRetryAfterSeconds: 0 }, /busyRetryAfterSeconds/],
    [{ billing: {} as never }, /billing/],
  ])('fails the start on %j', async (options, message) => {
    const moduleRef = Test.createTestingModule({
      imports: [...infrastructure(), BrandModule.forRoot(options)],
    });
    await expect(moduleRef.compile()).rejects.toThrow(message);
  });

  it('fails the start naming NetModule and BrowserModule when the app has neither', async () => {
    const moduleRef = Test.createTestingModule({ imports: [BrandModule.forRoot({})] });
    await expect(moduleRef.compile()).rejects.toThrow(
      /BrandModule cannot start[\s\S]*NetModule\.forRoot\(\)[\s\S]*BrowserModule\.forRoot\(\)/,
    );
  });
});
