/** The ledger's operation names as people read them; an operation not listed here shows as recorded. */
const NAMES: Record<string, string> = {
  scrape: 'Scrape',
  scrapeAsync: 'Async scrape',
  screenshot: 'Screenshot',
  brand: 'Brand',
  video: 'Video',
  monitorCheck: 'Monitor check',
  'credits.grant': 'Credits granted',
  'credits.add': 'Credits added',
};

export const operationName = (operation: string) => NAMES[operation] ?? operation;
