import { Test } from '@nestjs/testing';
import { MissingModuleRequirementError, QuarryCoreModule } from '@quarry/core';
import { QuarryDataSourceModule } from '@quarry/persistence';
import { createTestDatabase, testDataSourceModule } from '@quarry/testing';
import { DashboardModule } from '../src';
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
      await expect(boot).rejects.toThrow(/AccountsModule\.forRoot\(\)[\s\S]*MonitorModule\.forRoot\(\)/);
    } finally {
      await database.destroy();
    }
  });

  it('refuses options that cannot work, naming them', () => {
    expect(() => dashboardSettings({ basePath: 'dashboard' })).toThrow(/basePath must start with "\/"/);
    expect(() => dashboardSettings({ sessionTtlMs: 0 })).toThrow(/sessionTtlMs must be a positive integer/);
    expect(dashboardSettings({ basePath: '/account/' }).basePath).toBe('/account');
    expect(() => dashboardSettings({ signInMaxEntries: 0 })).toThrow(
      /signInMaxEntries must be a positive integer/,
    );
    expect(() => dashboardSettings({ signInMaxDelayMs: 60_000, signInFailuresKeptMs: 60_000 })).toThrow(
      /signInFailuresKeptMs must be longer than signInMaxDelayMs/,
    );
    expect(() => dashboardSettings({ trustProxy: -1 })).toThrow(/trustProxy must be an integer of 0 or more/);
    expect(() => dashboardSettings({ secret: 'short' })).toThrow(/secret must be at least 32 characters/);
  });

  it('picks a random secret at each start when none is given', () => {
    expect(dashboardSettings({}).secret).not.toBe(dashboardSettings({}).secret);
    expect(dashboardSettings({}).secret.length).toBeGreaterThanOrEqual(32);
  });
});
