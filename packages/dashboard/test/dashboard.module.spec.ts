import { Test } from '@nestjs/testing';
import { MissingModuleRequirementError, ModuleOptionsError, QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { createTestDatabase, testDataSourceModule } from '@quarry/testing';
import { DashboardHttpModule, DashboardModule } from '../src';
import { dashboardSettings } from '../src/dashboard-options.interface';

describe('DashboardModule boot', () => {
  it.each([
    ['forRoot', () => DashboardModule.forRoot({})],
    ['forRootAsync', () => DashboardModule.forRootAsync({ useFactory: () => ({}) })],
  ])('%s names the modules the app must import', async (_name, register) => {
    const database = await createTestDatabase('sqlite', { entities: [], migrations: [] });
    try {
      const boot = Test.createTestingModule({
        imports: [
          testDataSourceModule(database.dataSource),
          QuarryCoreModule,
          QuarryDataSourceModule,
          register(),
        ],
      }).compile();
      await expect(boot).rejects.toThrow(MissingModuleRequirementError);
      await expect(boot).rejects.toThrow(/DashboardModule cannot start[\s\S]*AccountsModule\.forRoot\(\)/);
    } finally {
      await database.destroy();
    }
  });

  it('DashboardHttpModule without DashboardModule and MonitorModule names both, not a bare DI error', async () => {
    const database = await createTestDatabase('sqlite', { entities: [], migrations: [] });
    try {
      const boot = Test.createTestingModule({
        imports: [
          testDataSourceModule(database.dataSource),
          QuarryCoreModule,
          QuarryDataSourceModule,
          DashboardHttpModule,
        ],
      }).compile();
      await expect(boot).rejects.toThrow(MissingModuleRequirementError);
      await expect(boot).rejects.toThrow(
        /DashboardHttpModule cannot start[\s\S]*DashboardModule\.forRoot\(\)[\s\S]*AccountsModule\.forRoot\(\)[\s\S]*MonitorModule\.forRoot\(\)[\s\S]*ScrapeModule\.forRoot\(\)/,
      );
    } finally {
      await database.destroy();
    }
  });

  it.each([
    [{ basePath: 'dashboard' }, 'option basePath must be a path starting with "/", got "dashboard"'],
    [{ sessionTtlMs: 0 }, 'option sessionTtlMs must be an integer >= 1, got 0'],
    [{ signInMaxEntries: 0 }, 'option signInMaxEntries must be an integer >= 1, got 0'],
    [
      { signInMaxDelayMs: 60_000, signInFailuresKeptMs: 60_000 },
      'option signInFailuresKeptMs must be longer than signInMaxDelayMs',
    ],
    [{ trustProxy: -1 }, 'option trustProxy must be an integer >= 0, got -1'],
    [{ secret: 'short' }, 'option secret must be at least 32 characters'],
    [{ sessionTTLMs: 1000 }, 'unknown option sessionTTLMs — did you mean sessionTtlMs?'],
  ])('fails the boot on the options %j, naming the option', async (options, message) => {
    const boot = Test.createTestingModule({ imports: [DashboardModule.forRoot(options as object)] })
      .useMocker(() => ({}))
      .compile();
    await expect(boot).rejects.toThrow(ModuleOptionsError);
    await expect(boot).rejects.toThrow(`DashboardModule: ${message}`);
  });

  it('keeps a default for an option given as undefined, and drops the trailing slash of basePath', () => {
    expect(dashboardSettings({ sessionTtlMs: undefined }).sessionTtlMs).toBe(7 * 24 * 60 * 60 * 1000);
    expect(dashboardSettings({ basePath: '/account/' }).basePath).toBe('/account');
  });

  it('picks a random secret at each start when none is given', () => {
    expect(dashboardSettings({}).secret).not.toBe(dashboardSettings({}).secret);
    expect(dashboardSettings({}).secret.length).toBeGreaterThanOrEqual(32);
  });
});
