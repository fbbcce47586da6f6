export interface ExtractOptions {
  /** The page's final URL (after redirects): relative links and images are resolved against it. */
  url: string;
  /**
   * Below this many characters of main-content text the detector retries with looser rules and
   * finally falls back to the whole page's cleaned text.
   * @default 500
   */
  minContentLength?: number;
  /**
   * Keep images in the output (as Markdown images with absolute URLs).
   * @default true
   */
  images?: boolean;
}

export interface ExtractResult {
  /** The page title (og:title, JSON-LD headline or <title>), or null when the page has none. */
  title: string | null;
  /** The cleaned main-content HTML the Markdown was made from. */
  html: string;
  /** The main content as GitHub-flavoured Markdown. */
  markdown: string;
  /** BCP 47 language tag from <html lang>, Content-Language or og:locale. */
  language?: string;
  /** The author line, when the page declares one. */
  byline?: string;
  /** Publication time as an ISO 8601 string, when the page declares one. */
  publishedAt?: string;
}
