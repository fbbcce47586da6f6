import { Test } from '@nestjs/testing';
import { MissingModuleRequirementError, QuarryCoreModule } from '@quarry/core';
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
        imports: [testDataSourceModule(database.dataSource), QuarryCoreModule, register()],
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
  });
});
