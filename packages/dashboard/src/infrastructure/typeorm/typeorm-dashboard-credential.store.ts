import { DataSource } from 'typeorm';
import { accountIdsByEmail } from '@quarry/accounts';
import { DashboardCredential, DashboardCredentialStore } from '../../ports/dashboard-credential.store';
import { DashboardCredentialEntity } from './dashboard-credential.entity';

/** Dashboard passwords in `quarry_dashboard_credentials`. */
export class TypeormDashboardCredentialStore extends DashboardCredentialStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  accountIdsWithEmail(email: string): Promise<string[]> {
    return accountIdsByEmail(this.dataSource, email);
  }

  async findByEmail(email: string): Promise<DashboardCredential | undefined> {
    return (await this.credentials().findOneBy({ email })) ?? undefined;
  }

  async findByAccount(accountId: string): Promise<DashboardCredential | undefined> {
    return (await this.credentials().findOneBy({ accountId })) ?? undefined;
  }

  async save(credential: DashboardCredential): Promise<void> {
    await this.credentials().save(credential);
  }

  private credentials() {
    return this.dataSource.getRepository(DashboardCredentialEntity);
  }
}
