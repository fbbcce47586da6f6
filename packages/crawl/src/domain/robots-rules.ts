/** The user agent a crawl identifies itself as in robots.txt. */
export const ROBOTS_USER_AGENT = 'quarry';

interface PathRule {
  allow: boolean;
  pattern: string;
  matcher: RegExp;
}

/**
 * A site's robots.txt (RFC 9309) as it applies to Quarry: the rules of the group naming `Quarry`,
 * else of `*`; the longest matching rule wins, `Allow` on a tie; `*` and `$` as wildcards.
 * Also the group's `Crawl-delay` and the file's `Sitemap:` lines.
 */
export class RobotsRules {
  static readonly ALLOW_ALL = new RobotsRules([], undefined, []);

  private constructor(
    private readonly rules: PathRule[],
    /** Seconds between two requests the site asks for, if any. */
    readonly crawlDelaySeconds: number | undefined,
    /** Sitemap URLs the file lists, as written. */
    readonly sitemaps: string[],
  ) {}

  static parse(text: string): RobotsRules {
    const groups: { agents: string[]; rules: PathRule[]; delay?: number }[] = [];
    const sitemaps: string[] = [];
    let current: (typeof groups)[number] | undefined;
    let inAgents = false;
    for (const rawLine of text.split(/\r\n|\r|\n/)) {
      const line = rawLine.replace(/#.*/, '').trim();
      const separator = line.indexOf(':');
      if (separator < 0) continue;
      const field = line.slice(0, separator).trim().toLowerCase();
      const value = line.slice(separator + 1).trim();
      if (field === 'sitemap') {
        if (value) sitemaps.push(value);
        continue;
      }
      if (field === 'user-agent') {
        if (!inAgents || !current) {
          current = { agents: [], rules: [] };
          groups.push(current);
        }
        current.agents.push(value.toLowerCase());
        inAgents = true;
        continue;
      }
      inAgents = false;
      if (!current) continue;
      if (field === 'allow' || field === 'disallow') {
        // An empty Disallow allows everything: it is no rule at all.
        if (value) current.rules.push(pathRule(field === 'allow', value));
      } else if (field === 'crawl-delay') {
        const delay = Number(value);
        if (Number.isFinite(delay) && delay >= 0) current.delay = delay;
      }
    }
    const named = groups.filter((group) =>
      group.agents.some((agent) => agent !== '*' && ROBOTS_USER_AGENT.includes(agent)),
    );
    const chosen = named.length > 0 ? named : groups.filter((group) => group.agents.includes('*'));
    const delay = chosen.map((group) => group.delay).find((value) => value !== undefined);
    return new RobotsRules(
      chosen.flatMap((group) => group.rules),
      delay,
      sitemaps,
    );
  }

  /** Whether the path and query of `url` may be fetched. */
  allows(url: URL): boolean {
    const target = `${url.pathname}${url.search}`;
    let best: PathRule | undefined;
    for (const rule of this.rules) {
      if (!rule.matcher.test(target)) continue;
      if (
        !best ||
        rule.pattern.length > best.pattern.length ||
        (rule.pattern.length === best.pattern.length && rule.allow)
      )
        best = rule;
    }
    return best?.allow ?? true;
  }
}

function pathRule(allow: boolean, pattern: string): PathRule {
  const anchored = pattern.endsWith('$');
  const body = (anchored ? pattern.slice(0, -1) : pattern)
    .split('*')
    .map((part) => escapeRegExp(normalisedPath(part)))
    .join('.*');
  return { allow, pattern, matcher: new RegExp(`^${body}${anchored ? '$' : ''}`) };
}

/** Rules compare with URLs as the URL parser writes them (percent-escapes of non-ASCII). */
function normalisedPath(part: string): string {
  return part.replace(/[^\x21-\x7e]/g, (character) => encodeURIComponent(character));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
