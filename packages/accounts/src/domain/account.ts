/** An account as clients see it. */
export interface Account {
  id: string;
  email: string;
  credits: number;
}

/** An API key as people see it: never the key itself. */
export interface ApiKeySummary {
  id: string;
  accountId: string;
  prefix: string;
  createdAt: Date;
  revokedAt: Date | null;
  /** The last request it authenticated, to the minute; null when never used. */
  lastUsedAt: Date | null;
}
