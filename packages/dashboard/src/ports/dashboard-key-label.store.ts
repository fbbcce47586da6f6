/** What the dashboard shows of a key it created besides its prefix. */
export interface DashboardKeyLabel {
  keyId: string;
  name: string;
  lastFour: string;
}

/** Where the names and last four characters of the keys made in the dashboard are kept. */
export abstract class DashboardKeyLabelStore {
  abstract findByKeys(keyIds: readonly string[]): Promise<DashboardKeyLabel[]>;

  abstract insert(label: DashboardKeyLabel): Promise<void>;
}
