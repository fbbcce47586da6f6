import {
  booleanOption,
  integerOption,
  ModuleOptionsError,
  type OptionRules,
  resolveOptions,
  stringOption,
} from '@quarry/core';
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

const BLOG_OPTION_RULES: OptionRules<BlogModuleOptions> = {
  contentDir: stringOption(/\S/, 'the folder of post files'),
  watch: booleanOption,
  watchDebounceMs: integerOption(0),
  cacheMaxAgeSeconds: integerOption(0),
};

/** Applies the defaults and rejects invalid values, so a misconfiguration fails the boot. */
export function resolveBlogSettings(options: Partial<BlogModuleOptions> = {}): BlogSettings {
  const settings = resolveOptions('BlogModule', BLOG_DEFAULTS, options, BLOG_OPTION_RULES);
  if (settings.contentDir === undefined)
    throw new ModuleOptionsError('BlogModule: option contentDir must name the folder of post files');
  return settings as BlogSettings;
}
