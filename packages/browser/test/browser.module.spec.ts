import 'reflect-metadata';
import { Injectable, Logger, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ModuleOptionsError } from '@quarry/core';
import { NetModule } from '@quarry/net';
import { eventually, html, startFixtureServer, type FixtureServer, processTree } from '@quarry/testing';
import { BrowserModule, BrowserPool, PageRenderer, type BrowserModuleOptions } from '../src';

let site: FixtureServer;

beforeAll(async () => {
  Logger.overrideLogger(['error']);
  site = await startFixtureServer({ '/': html('<!doctype html><title>Module</title><p>ok</p>') });
});
afterAll(async () => {
  await site?.close();
  Logger.overrideLogger(['log', 'error', 'warn', 'debug', 'verbose', 'fatal']);
});

@Injectable()
class BrowserSettings {
  readonly options: BrowserModuleOptions = { maxPages: 2, maxQueue: 3, jobsPerBrowser: 50 };
}

@Module({ providers: [BrowserSettings], exports: [BrowserSettings] })
class SettingsModule {}

const netModule = () => NetModule.forRoot({ isGlobal: true, allowHosts: [`127.0.0.1:${site.port}`] });

describe.each([
  ['forRoot', () => BrowserModule.forRoot({ maxPages: 2, maxQueue: 3, jobsPerBrowser: 50 })],
  [
    'forRootAsync',
    () =>
      BrowserModule.forRootAsync({
        imports: [SettingsModule],
        inject: [BrowserSettings],
        useFactory: (settings: BrowserSettings) => settings.options,
      }),
  ],
])('BrowserModule.%s', (_name, browserModule) => {
  it('provides the pool and the renderer, starts Chromium on first use and stops it on shutdown', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [netModule(), browserModule()] }).compile();
    const app = await moduleRef.init();
    const pool = app.get(BrowserPool);
    expect(pool.stats()).toMatchObject({ launched: false, maxPages: 2, maxQueue: 3 });

    const page = await app.get(PageRenderer).render(site.url('/'), { timeoutMs: 15_000 });
    expect(page).toMatchObject({ title: 'Module', status: 200, finalUrl: site.url('/') });
    const pid = pool.stats().pid as number;
    expect(processTree(pid).length).toBeGreaterThan(0);

    await app.close();
    // Killed processes may take a moment to be reaped once close() resolves.
    await eventually(() => processTree(pid).length === 0, 10_000);
  });
});

describe('BrowserModule options', () => {
  it.each([
    [{ maxPage: 2 }, 'BrowserModule: unknown option maxPage — did you mean maxPages?'],
    [{ maxQueue: -1 }, 'BrowserModule: option maxQueue must be an integer >= 0, got -1'],
    [
      { extraArgs: ['--proxy-server=direct://'] },
      'BrowserModule: option extraArgs must be free of --proxy-server (the browser pool owns it)',
    ],
  ])('fails the start on the options %j, naming the option', async (options, message) => {
    const moduleRef = Test.createTestingModule({
      imports: [netModule(), BrowserModule.forRoot(options as BrowserModuleOptions)],
    });
    const compiling = moduleRef.compile();
    await expect(compiling).rejects.toThrow(ModuleOptionsError);
    await expect(compiling).rejects.toThrow(message);
  });

  it('keeps a default for an option given as undefined', async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [netModule(), BrowserModule.forRoot({ maxPages: undefined })],
    }).compile();
    expect(moduleRef.get(BrowserPool).stats()).toMatchObject({ maxPages: 4 });
    await moduleRef.close();
  });

  it('fails the start naming NetModule when the app has none', async () => {
    const moduleRef = Test.createTestingModule({ imports: [BrowserModule.forRoot({})] });
    await expect(moduleRef.compile()).rejects.toThrow(
      /BrowserModule cannot start[\s\S]*import NetModule\.forRoot\(\) from @quarry\/net/,
    );
  });
});
