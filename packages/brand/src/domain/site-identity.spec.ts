import type { PageMeasurement } from '../page/page-measurement';
import { siteName } from './site-identity';

const page = (title: string, extra: Partial<PageMeasurement['meta']> = {}, names: string[] = []) =>
  ({
    finalUrl: 'https://www.acme-tools.com/',
    title,
    meta: { ogSiteName: null, ...extra },
    jsonLd: { names, logos: [], sameAs: [] },
  }) as unknown as PageMeasurement;

describe('siteName', () => {
  it('prefers og:site_name, then the JSON-LD organisation', () => {
    expect(
      siteName(page('Tools | Acme', { ogSiteName: 'ACME Tools' }, ['Acme Inc.']), 'www.acme-tools.com'),
    ).toBe('ACME Tools');
    expect(siteName(page('Tools | Acme', {}, ['Acme Inc.']), 'www.acme-tools.com')).toBe('Acme Inc.');
  });

  it.each([
    ['Acme Tools — Hand tools since 1921', 'Acme Tools'],
    ['Hammers | Acme', 'Acme'],
    ['Home - Acme Tools', 'Acme Tools'],
    ['Welcome · Hardware for makers', 'Hardware for makers'],
    ['Acme', 'Acme'],
  ])('takes the site part of the title %j', (title, name) => {
    expect(siteName(page(title), 'www.acme-tools.com')).toBe(name);
  });

  it('is null without a title or a declared name', () => {
    expect(siteName(page(''), 'www.acme-tools.com')).toBeNull();
  });
});
