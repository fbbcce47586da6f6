import { DataSource, IsNull, Not } from 'typeorm';
import { DashboardSessionRecord, DashboardSessionStore } from '../../ports/dashboard-session.store';
import { DashboardSessionEntity } from './dashboard-session.entity';

/** Sessions in `quarry_dashboard_sessions`. */
export class TypeormDashboardSessionStore extends DashboardSessionStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async insert(session: DashboardSessionRecord): Promise<void> {
    await this.sessions().insert(session);
  }

  async find(tokenHash: string): Promise<DashboardSessionRecord | undefined> {
    return (await this.sessions().findOneBy({ tokenHash })) ?? undefined;
  }

  async revokeForAccount(accountId: string, at: Date, exceptTokenHash?: string): Promise<void> {
    await this.sessions().update(
      {
        accountId,
        revokedAt: IsNull(),
        ...(exceptTokenHash === undefined ? {} : { tokenHash: Not(exceptTokenHash) }),
      },
      { revokedAt: at },
    );
  }

  async revoke(tokenHash: string, at: Date): Promise<void> {
    await this.sessions().update({ tokenHash, revokedAt: IsNull() }, { revokedAt: at });
  }

  async putFlash(tokenHash: string, flash: string, expiresAt: Date): Promise<void> {
    await this.sessions().update({ tokenHash }, { flash, flashExpiresAt: expiresAt });
  }

  async takeFlash(tokenHash: string, flash: string): Promise<boolean> {
    const taken = await this.sessions().update({ tokenHash, flash }, { flash: null, flashExpiresAt: null });
    return Boolean(taken.affected);
  }

  private sessions() {
    return this.dataSource.getRepository(DashboardSessionEntity);
  }
}
