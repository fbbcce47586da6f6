export interface BlogModuleOptions {
  /**
   * The folder of post files: every `*.md` file directly in it (names starting with `.` skipped) is
   * a post, Markdown with YAML front matter. Read and checked at boot; a bad file stops the boot.
   */
  contentDir: string;
  /**
   * Reload the folder when a file in it changes (`fs.watch`, debounced), for writing posts against
   * a running development server; a bad file is then logged and the posts loaded before stay.
   * @default false
   */
  watch?: boolean;
  /** Quiet time after the last change before a reload, in milliseconds. @default 200 */
  watchDebounceMs?: number;
  /** `Cache-Control: public, max-age=<this>` of both routes, in seconds; 0 asks clients to revalidate each time. @default 60 */
  cacheMaxAgeSeconds?: number;
}

export const BLOG_DEFAULTS = {
  watch: false,
  watchDebounceMs: 200,
  cacheMaxAgeSeconds: 60,
} satisfies Partial<BlogModuleOptions>;

/** The options with their defaults applied; inject with `@Inject(BLOG_SETTINGS)`. */
export type BlogSettings = Required<BlogModuleOptions>;
export const BLOG_SETTINGS = Symbol('BlogSettings');

/** Applies the defaults and rejects invalid values, so a misconfiguration fails the boot. */
export function resolveBlogSettings(options: Partial<BlogModuleOptions> = {}): BlogSettings {
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
  const settings = { ...BLOG_DEFAULTS, ...defined } as BlogSettings;
  if (typeof settings.contentDir !== 'string' || settings.contentDir.trim() === '')
    throw new TypeError('BlogModule option contentDir must name the folder of post files');
  if (typeof settings.watch !== 'boolean') throw new TypeError('BlogModule option watch must be a boolean');
  if (!Number.isInteger(settings.watchDebounceMs) || settings.watchDebounceMs < 0)
    throw new RangeError(
      `BlogModule option watchDebounceMs must be an integer >= 0, got ${settings.watchDebounceMs}`,
    );
  if (!Number.isInteger(settings.cacheMaxAgeSeconds) || settings.cacheMaxAgeSeconds < 0)
    throw new RangeError(
      `BlogModule option cacheMaxAgeSeconds must be an integer >= 0, got ${settings.cacheMaxAgeSeconds}`,
    );
  return settings;
}
