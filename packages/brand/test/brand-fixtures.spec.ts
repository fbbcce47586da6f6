import { ANONYMOUS_ACCOUNT } from '@quarry/http';
import type { TestingModule } from '@nestjs/testing';
import { BrandService, type BrandProfile } from '../src';
import { deltaE2000 } from '../src/domain/colour-difference';
import { createBrandTestModule } from './support/brand-test-module';
import { fixtureSiteNames, startFixtureSites, type FixtureSites } from './support/fixture-sites';

// Every labelled field of every fixture site is a test; colours must be within CIEDE2000 5 of the truth.
let sites: FixtureSites;
let moduleRef: TestingModule;
const profiles = new Map<string, BrandProfile>();

beforeAll(async () => {
  sites = await startFixtureSites();
  moduleRef = await createBrandTestModule({ allowHosts: sites.allowHosts, lookup: sites.lookup });
  const brands = moduleRef.get(BrandService);
  // Four at a time, as many as the pool has pages: more sites than its queue holds would be refused.
  const waiting = [...sites.names];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let site = waiting.shift(); site; site = waiting.shift())
        profiles.set(site, await brands.profile(ANONYMOUS_ACCOUNT, { url: sites.url(site) }));
    }),
  );
}, 120_000);
afterAll(async () => {
  await moduleRef?.close();
  await sites?.close();
});

describe.each(fixtureSiteNames())('the %s fixture site', (site) => {
  const profile = () => profiles.get(site) as BrandProfile;
  const truth = () => sites.truth(site);
  const colour = (role: string) => profile().colors.find((entry) => entry.role === role)?.hex;

  it('names the site and its domain', () => {
    expect(profile().domain).toBe(`${site}.test`);
    if (truth().name) expect(profile().name).toBe(truth().name);
  });

  it('picks the logo, or none when the site has none', () => {
    const expected = truth().logo;
    const logo = profile().logo;
    if (expected === null) return expect(logo).toBeNull();
    expect(logo).toMatchObject({ source: expected.source });
    if (expected.theme !== undefined) expect(logo?.theme).toBe(expected.theme);
    if (expected.urlEndsWith) expect(logo?.url).toMatch(new RegExp(`${escape(expected.urlEndsWith)}$`));
    if (expected.svgIncludes) {
      expect(logo?.svg).toContain(expected.svgIncludes);
      expect(logo?.url).toBeNull();
      expect(Buffer.from(logo!.dataUri!.split(',')[1], 'base64').toString()).toBe(logo?.svg);
    }
  });

  it.each(['primary', 'background', 'text'] as const)('finds the %s colour', (role) => {
    const expected = truth().colors[role];
    if (!expected) return;
    const found = colour(role);
    expect(found).toBeDefined();
    const deltaE = deltaE2000(found!, expected);
    if (deltaE > 5) throw new Error(`${role} ${found} is ${deltaE.toFixed(1)} (CIEDE2000) from ${expected}`);
  });

  it('tells the colour scheme and theme colour', () => {
    if (truth().colorScheme) expect(profile().colorScheme).toBe(truth().colorScheme);
    if (truth().themeColor !== undefined) expect(profile().themeColor).toBe(truth().themeColor);
  });

  it('names the families the site names, with their origin', () => {
    const { heading, body, code, headingOrigin, bodyOrigin } = truth().fonts;
    const font = (role: string) => profile().fonts.find((entry) => entry.role === role);
    if (heading) expect(profile().typography.headingFamily).toBe(heading);
    if (body) expect(profile().typography.bodyFamily).toBe(body);
    if (code) expect(font('code')?.family).toBe(code);
    if (headingOrigin) expect(font('heading')?.origin).toBe(headingOrigin);
    if (bodyOrigin) expect(font('body')?.origin).toBe(bodyOrigin);
  });

  it.each(['heading', 'body', 'code'] as const)(
    'tells whether the %s family rendered, and which did',
    (role) => {
      const fonts = truth().fonts;
      const named = fonts[role];
      if (!named) return;
      const other = fonts[`${role}RenderedFamily`];
      expect(profile().fonts.find((entry) => entry.role === role)).toMatchObject({
        family: named,
        rendered: other === undefined,
        renderedFamily: other ?? named,
      });
    },
  );

  it('lists the profile links, and no share or post links', () => {
    const expected = truth().socialLinks;
    if (!expected) return;
    expect(sortLinks(profile().socialLinks)).toEqual(sortLinks(expected));
  });

  it('lists every icon', () => {
    const urls = profile().icons.map((icon) => new URL(icon.url).pathname);
    expect(urls).toEqual(expect.arrayContaining(truth().icons ?? []));
  });
});

function sortLinks(links: Array<{ platform: string; url: string }>) {
  return [...links].map(({ platform, url }) => `${platform} ${url}`).sort();
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
