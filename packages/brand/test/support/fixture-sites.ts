import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSiteFolders, type SiteFolders } from '@quarry/testing';

export const FIXTURES_DIR = join(__dirname, '..', 'fixtures');

export interface FixtureSites extends SiteFolders {
  /** The labelled truth of a site. */
  truth(site: string): SiteTruth;
}

export interface SiteTruth {
  name?: string;
  colorScheme?: 'light' | 'dark';
  themeColor?: string | null;
  /** Logo expected: null for none; else how to recognise the pick. */
  logo: null | {
    source: string;
    urlEndsWith?: string;
    svgIncludes?: string;
    theme?: 'light' | 'dark' | null;
  };
  colors: { primary?: string; background?: string; text?: string };
  /** The families named per role; where one did not render, the family that did (`<role>RenderedFamily`). */
  fonts: {
    heading?: string;
    body?: string;
    code?: string;
    headingOrigin?: string;
    bodyOrigin?: string;
    headingRenderedFamily?: string;
    bodyRenderedFamily?: string;
    codeRenderedFamily?: string;
  };
  socialLinks?: Array<{ platform: string; url: string }>;
  icons?: string[];
}

/** The fixture sites, by directory name (`_` directories are shared stand-ins, not sites). */
export function fixtureSiteNames(): string[] {
  return readdirSync(FIXTURES_DIR).filter((name) => !name.startsWith('_'));
}

/** Every fixture site served as its own origin, `<name>.test` (see `startSiteFolders`), with its truth. */
export async function startFixtureSites(): Promise<FixtureSites> {
  const sites = await startSiteFolders(FIXTURES_DIR);
  return {
    ...sites,
    truth: (site) => JSON.parse(readFileSync(join(FIXTURES_DIR, site, 'truth.json'), 'utf8')) as SiteTruth,
  };
}
