/** A site's URLs listed without scraping them (docs/api.md §10). */
export interface MapRequest {
  url: string;
  /** Keep only the URLs naming this in their path and query or their known title, best first. */
  search?: string;
  /** URLs at most. @default 1000 */
  limit?: number;
  /** Subdomains of the start host too. @default false */
  includeSubdomains?: boolean;
}

export interface MapResult {
  links: string[];
}

export const MAP_LIMITS = { defaultLimit: 1000, maxLimit: 30_000 };
