/** What the in-page script measures, before any judgement; `BrandService` turns it into a `BrandProfile`. */
export interface PageMeasurement {
  finalUrl: string;
  /** The document's MIME type (`text/html` for a page). */
  contentType: string;
  title: string;
  language: string | null;
  meta: {
    description: string | null;
    ogDescription: string | null;
    ogSiteName: string | null;
    ogImage: string | null;
    twitterImage: string | null;
    /** `theme-color` metas in document order; `matches` is whether their media query holds (no media: true). */
    themeColors: Array<{ hex: string; matches: boolean }>;
  };
  jsonLd: { names: string[]; logos: string[]; sameAs: string[] };
  manifest: { name: string | null; themeColor: string | null } | null;
  /** The colour of the page's canvas: the root background, else the browser's default for its colour scheme. */
  canvasHex: string;
  /** The `color-scheme` the root element computes to, e.g. `normal`, `light dark`, `dark`. */
  rootColorScheme: string;
  /** Painted area (CSS px², first screens) of each opaque background colour; photos and images excluded. */
  backgrounds: Array<{ hex: string; area: number; chrome: boolean }>;
  /** Text colours weighted by the area their glyphs cover. */
  texts: Array<{ hex: string; area: number; heading: boolean }>;
  links: Array<{ hex: string; area: number; chrome: boolean }>;
  buttons: Array<MeasuredButton>;
  /** Custom properties whose value is a colour, as the root computes them. */
  variables: Array<{ name: string; hex: string }>;
  fonts: Array<{
    role: 'heading' | 'body' | 'code';
    /** The family the stack names first (a generic keyword only when it names none). */
    family: string;
    origin: 'google' | 'custom' | 'system';
    rendered: boolean;
    renderedFamily: string;
    area: number;
  }>;
  /** Weights each named family is drawn in. */
  fontWeights: Record<string, number[]>;
  baseSizePx: number | null;
  logoCandidates: LogoCandidate[];
  icons: Array<{ url: string; rel: string; sizes: string | null; type: string | null }>;
  anchors: Array<{ href: string; rel: string }>;
}

export interface MeasuredButton {
  background: string;
  text: string;
  borderRadius: string;
  area: number;
  /** Its class, id or role says primary / CTA. */
  primaryCue: boolean;
  inHeader: boolean;
}

/** A possible logo with the facts it is judged on. */
export interface LogoCandidate {
  source:
    | 'inline-svg'
    | 'header-image'
    | 'css-background'
    | 'picture'
    | 'json-ld'
    | 'apple-touch-icon'
    | 'manifest'
    | 'og-image';
  url: string | null;
  svg?: string;
  width: number | null;
  height: number | null;
  /** Document order among the element candidates; -1 for the head's. */
  order: number;
  top: number | null;
  left: number | null;
  theme: 'light' | 'dark' | null;
  inHeader: boolean;
  inFooter: boolean;
  linksHome: boolean;
  /** Inside a link to another site (a social profile, a customer): never the site's own logo. */
  linksAway: boolean;
  logoCue: boolean;
  nameCue: boolean;
  iconCue: boolean;
  inButton: boolean;
  /** Inside a strip of other companies' logos (customers, partners, sponsors). */
  inLogoWall: boolean;
  /** A `<picture>` source for another colour scheme, not the one rendered. */
  alternate: boolean;
}
