/** One profile, as `BrandService.profile` takes it. */
export interface BrandRequest {
  /** A public http(s) URL. */
  url: string;
  /** Budget of the whole profile, queue wait included, 1000..120000 ms. @default the module's `defaultTimeoutMs` (30000) */
  timeoutMs?: number;
}

/** Where a logo candidate was found. */
export type LogoSource =
  | 'inline-svg'
  | 'header-image'
  | 'json-ld'
  | 'css-background'
  | 'picture'
  | 'apple-touch-icon'
  | 'manifest'
  | 'og-image';

/** A logo candidate with the reasons it scored what it did. */
export interface BrandLogo {
  /** Absolute URL of the image; null for an inline SVG. */
  url: string | null;
  /** `data:` URI of the image (inline SVGs). */
  dataUri?: string;
  /** SVG markup with `currentColor` resolved to the colour it painted in (inline SVGs). */
  svg?: string;
  /** `logo`: a wordmark or lockup; `symbol`: a square mark; `icon`: a favicon-like asset, never picked as `logo`. */
  type: 'logo' | 'symbol' | 'icon';
  /** The background the logo is drawn for: `dark` on a dark backdrop or from a dark-scheme source; null over a photo or unknown. */
  theme: 'light' | 'dark' | null;
  /** `svg`, `png`, `jpg`, `webp`, `gif`, `avif`, `ico`, or null when unknown. */
  format: string | null;
  /** Rendered (or declared) size in CSS pixels; null when unknown. */
  width: number | null;
  height: number | null;
  source: LogoSource;
  /** 0..1: how sure the pick is; candidates are ordered by it. */
  confidence: number;
  /** The cues that gave the confidence, e.g. `links to the home page`, `alt names the site`. */
  reasons: string[];
}

export interface BrandIcon {
  url: string;
  /** `icon`, `apple-touch-icon`, `mask-icon`, ... or `manifest` for an icon of the web app manifest. */
  rel: string;
  sizes: string | null;
  type: string | null;
}

export type ColorRole = 'primary' | 'secondary' | 'accent' | 'background' | 'text' | 'link';

export interface BrandColor {
  /** `#rrggbb`, lower case, sRGB (wider colours gamut-clipped). */
  hex: string;
  role: ColorRole;
  /** What supplied it: `button`, `css-variable`, `theme-color`, `background`, `canvas`, `text`, `link`, `heading`, `logo`. */
  source: string;
  /** 0..1: its share of the evidence for its role. */
  weight: number;
}

export interface BrandFont {
  /**
   * The family the brand names: the first family of the element's computed `font-family` stack that
   * is not a generic keyword; the generic keyword only when the stack names no family.
   */
  family: string;
  role: 'heading' | 'body' | 'code';
  /** Weights (100..900) the page draws this family in. */
  weights: number[];
  /** `google`: Google Fonts; `custom`: another web font (`@font-face`); `system`: expected installed, or generic. */
  origin: 'google' | 'custom' | 'system';
  /** Whether `family` drew the text: a web font face that loaded, or a family installed on the rendering machine. */
  rendered: boolean;
  /** The family that drew the text: `family` when rendered, else the stack's first family that could (a generic keyword at worst). */
  renderedFamily: string;
}

export interface BrandProfile {
  url: string;
  finalUrl: string;
  domain: string;
  name: string | null;
  description: string | null;
  language: string | null;
  colorScheme: 'light' | 'dark';
  themeColor: string | null;
  logo: BrandLogo | null;
  logos: BrandLogo[];
  icons: BrandIcon[];
  colors: BrandColor[];
  fonts: BrandFont[];
  typography: { headingFamily: string | null; bodyFamily: string | null; baseSizePx: number | null };
  components: {
    buttonPrimary: { background: string; text: string; borderRadius: string } | null;
  };
  images: { ogImage: string | null; twitterImage: string | null };
  socialLinks: SocialLink[];
}

export type SocialPlatform =
  | 'twitter'
  | 'github'
  | 'linkedin'
  | 'youtube'
  | 'instagram'
  | 'facebook'
  | 'tiktok'
  | 'mastodon'
  | 'discord'
  | 'pinterest'
  | 'threads'
  | 'bluesky';

export interface SocialLink {
  platform: SocialPlatform;
  url: string;
}
