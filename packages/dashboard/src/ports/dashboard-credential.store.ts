/** The password an account holder signs in with; one per account. */
export interface DashboardCredential {
  accountId: string;
  /** Lower-cased: what the sign-in form looks the account up by. */
  email: string;
  passwordHash: string;
  updatedAt: Date;
}

/** Where dashboard passwords are kept. */
export abstract class DashboardCredentialStore {
  /** The ids of the accounts registered with `email`, as the accounts package stores them. */
  abstract accountIdsWithEmail(email: string): Promise<string[]>;

  abstract findByEmail(email: string): Promise<DashboardCredential | undefined>;

  abstract findByAccount(accountId: string): Promise<DashboardCredential | undefined>;

  /** Sets the account's credential, replacing the one it had. */
  abstract save(credential: DashboardCredential): Promise<void>;
}
