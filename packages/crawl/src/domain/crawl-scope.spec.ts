import { CrawlScope, ScopeRules } from './crawl-scope';

const rules = (extra: Partial<ScopeRules> = {}): ScopeRules => ({
  includePaths: [],
  excludePaths: [],
  ...extra,
});
const inScope = (scope: CrawlScope, url: string) => scope.includes(new URL(url));

describe('CrawlScope', () => {
  it('keeps to the start path and below on the start host by default', () => {
    const scope = new CrawlScope(new URL('https://example.com/docs/'), rules());
    expect(inScope(scope, 'https://example.com/docs')).toBe(true);
    expect(inScope(scope, 'https://example.com/docs/a/b')).toBe(true);
    expect(inScope(scope, 'https://www.example.com/docs/a')).toBe(true);
    expect(inScope(scope, 'https://example.com/docsearch')).toBe(false);
    expect(inScope(scope, 'https://example.com/blog')).toBe(false);
    expect(inScope(scope, 'https://api.example.com/docs/a')).toBe(false);
    expect(inScope(scope, 'https://example.org/docs/a')).toBe(false);
  });

  it('opens the whole host with crawlEntireDomain and subdomains with allowSubdomains', () => {
    const scope = new CrawlScope(
      new URL('https://example.com/docs/'),
      rules({ crawlEntireDomain: true, allowSubdomains: true }),
    );
    expect(inScope(scope, 'https://example.com/blog')).toBe(true);
    expect(inScope(scope, 'https://api.example.com/x')).toBe(true);
    expect(inScope(scope, 'https://badexample.com/x')).toBe(false);
  });

  it('applies includePaths then excludePaths to the path', () => {
    const scope = new CrawlScope(
      new URL('https://example.com/'),
      rules({ includePaths: [/^\/blog\//], excludePaths: [/\/drafts\//] }),
    );
    expect(inScope(scope, 'https://example.com/blog/post')).toBe(true);
    expect(inScope(scope, 'https://example.com/blog/drafts/post')).toBe(false);
    expect(inScope(scope, 'https://example.com/about')).toBe(false);
  });
});
