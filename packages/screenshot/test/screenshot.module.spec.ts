import { Injectable, Logger, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { FreeBilling, QuarryCoreModule } from '@quarry/core';
import { ANONYMOUS_ACCOUNT } from '@quarry/http';
import { BrowserModule, BrowserPool } from '@quarry/browser';
import { NetModule } from '@quarry/net';
import { eventually, startFixtureServer, type FixtureServer, processTree } from '@quarry/testing';
import { ScreenshotModule, ScreenshotService, type ScreenshotModuleOptions } from '../src';
import {
  SCREENSHOT_DEFAULTS,
  SCREENSHOT_SETTINGS,
  type ScreenshotSettings,
} from '../src/screenshot-options.interface';
import { decodeJpeg } from './support/jpeg';

let site: FixtureServer;

beforeAll(async () => {
  Logger.overrideLogger(['error']);
  site = await startFixtureServer({
    '/': { body: '<!doctype html><title>Module</title><h1>Screenshot module</h1>' },
  });
});
afterAll(() => site?.close());

@Injectable()
class ScreenshotConfig {
  readonly options: ScreenshotModuleOptions = {
    price: 7,
    viewportWidth: 800,
    viewportHeight: 600,
    defaultQuality: 60,
  };
}

@Module({ providers: [ScreenshotConfig], exports: [ScreenshotConfig] })
class ConfigModule {}

const infrastructure = () => [
  QuarryCoreModule,
  NetModule.forRoot({ isGlobal: true, allowHosts: [site.hostPort] }),
  BrowserModule.forRoot({ isGlobal: true, maxPages: 1 }),
];

describe.each([
  [
    'forRoot',
    () => ScreenshotModule.forRoot({ price: 7, viewportWidth: 800, viewportHeight: 600, defaultQuality: 60 }),
  ],
  [
    'forRootAsync',
    () =>
      ScreenshotModule.forRootAsync({
        imports: [ConfigModule],
        inject: [ScreenshotConfig],
        useFactory: (config: ScreenshotConfig) => config.options,
      }),
  ],
])('ScreenshotModule.%s', (_name, screenshotModule) => {
  it('provides the service with its settings, globally, and captures with them', async () => {
    @Injectable()
    class Consumer {
      constructor(readonly screenshots: ScreenshotService) {}
    }
    @Module({ providers: [Consumer] })
    class FeatureModule {}

    const moduleRef = await Test.createTestingModule({
      imports: [...infrastructure(), screenshotModule(), FeatureModule],
    }).compile();
    const app = await moduleRef.init();
    try {
      expect(app.get<ScreenshotSettings>(SCREENSHOT_SETTINGS)).toEqual({
        ...SCREENSHOT_DEFAULTS,
        price: 7,
        viewportWidth: 800,
        viewportHeight: 600,
        defaultQuality: 60,
        // No AccountsModule in this app: captures are free.
        billing: expect.any(FreeBilling),
      });
      const shot = await app
        .get(Consumer)
        .screenshots.capture(ANONYMOUS_ACCOUNT, { url: `${site.origin}/`, timeoutMs: 20_000 });
      const image = decodeJpeg(shot.image);
      expect([image.width, image.height]).toEqual([800, 600]);
      expect(shot).toMatchObject({ width: 800, height: 600, status: 200 });
    } finally {
      const pid = app.get(BrowserPool).stats().pid as number;
      await app.close();
      await eventually(() => processTree(pid).length === 0, 10_000);
    }
  }, 60_000);
});

describe('ScreenshotModule options', () => {
  it('fails the start on an invalid option', async () => {
    const moduleRef = Test.createTestingModule({
      imports: [...infrastructure(), ScreenshotModule.forRoot({ defaultQuality: 0 })],
    });
    await expect(moduleRef.compile()).rejects.toThrow(/defaultQuality/);
  });

  it('fails the start naming NetModule and BrowserModule when the app has neither', async () => {
    const moduleRef = Test.createTestingModule({ imports: [ScreenshotModule.forRoot({})] });
    await expect(moduleRef.compile()).rejects.toThrow(
      /ScreenshotModule cannot start[\s\S]*NetModule\.forRoot\(\)[\s\S]*BrowserModule\.forRoot\(\)/,
    );
  });
});
