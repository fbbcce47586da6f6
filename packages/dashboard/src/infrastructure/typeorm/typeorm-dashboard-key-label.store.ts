import { DataSource, In } from 'typeorm';
import { DashboardKeyLabel, DashboardKeyLabelStore } from '../../ports/dashboard-key-label.store';
import { DashboardKeyLabelEntity } from './dashboard-key-label.entity';

/** Key labels in `quarry_dashboard_key_labels`. */
export class TypeormDashboardKeyLabelStore extends DashboardKeyLabelStore {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  findByKeys(keyIds: readonly string[]): Promise<DashboardKeyLabel[]> {
    return this.labels().findBy({ keyId: In([...keyIds]) });
  }

  async insert(label: DashboardKeyLabel): Promise<void> {
    await this.labels().insert(label);
  }

  private labels() {
    return this.dataSource.getRepository(DashboardKeyLabelEntity);
  }
}
