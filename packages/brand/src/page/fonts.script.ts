/**
 * In-page font functions (source text). `fontOf` reads a computed `font-family` stack: the family
 * the site names (the first that is not a generic keyword; the stack's first keyword when it names
 * none), whether that family rendered, and the family that did. `renderedFamily` walks the stack
 * the way the browser does and returns the first family that can render: a web font face of that
 * family that loaded (`document.fonts`, status `loaded`), else a family installed on the machine
 * (its glyphs measure differently from every generic fallback), else a generic keyword, which is
 * the system's. `-apple-system` and `BlinkMacSystemFont`, the system UI font's names on Apple
 * systems, are never the named family. A web font is `google` when its face comes from
 * fonts.googleapis.com / fonts.gstatic.com (by the stylesheet's or the font file's host name),
 * else `custom`; a family named without a face is `system`.
 */
export const FONT_FUNCTIONS = `
  const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-serif',
    'ui-sans-serif', 'ui-monospace', 'ui-rounded', 'math', 'emoji', 'fangsong']);
  // The system UI font's names on Apple systems: keywords, not a brand's family (other systems skip them).
  const SYSTEM_FONT_NAMES = new Set(['-apple-system', 'blinkmacsystemfont']);
  const GOOGLE_HOSTS = /^fonts\\.(googleapis|gstatic)\\.com$/i;
  const unquote = (family) => family.trim().replace(/^(["'])(.*)\\1$/, '$2').trim();
  const splitStack = (stack) => {
    const families = [];
    let current = '';
    let quote = null;
    for (const char of String(stack || '')) {
      if (quote) {
        if (char === quote) quote = null;
        current += char;
      } else if (char === '"' || char === "'") {
        quote = char;
        current += char;
      } else if (char === ',') {
        families.push(current);
        current = '';
      } else current += char;
    }
    families.push(current);
    return families.map(unquote).filter(Boolean);
  };
  const hostOf = (href) => {
    try {
      return new URL(href, document.baseURI).hostname;
    } catch (error) {
      return '';
    }
  };
  const googleFamilies = new Set();
  const faceSources = new Map();
  const readSheet = (sheet, depth) => {
    if (depth > 4) return;
    if (sheet.href && GOOGLE_HOSTS.test(hostOf(sheet.href))) {
      try {
        const url = new URL(sheet.href);
        for (const param of url.searchParams.getAll('family'))
          for (const family of param.split('|')) googleFamilies.add(family.split(':')[0].replace(/\\+/g, ' ').trim().toLowerCase());
      } catch (error) {
        // Not a URL: nothing to learn.
      }
    }
    let rules;
    try {
      rules = sheet.cssRules;
    } catch (error) {
      return;
    }
    for (const rule of rules) {
      if (rule.styleSheet) readSheet(rule.styleSheet, depth + 1);
      else if (rule.cssRules && !(rule instanceof CSSFontFaceRule)) readSheet({ cssRules: rule.cssRules }, depth + 1);
      if (rule instanceof CSSFontFaceRule) {
        const family = unquote(rule.style.getPropertyValue('font-family')).toLowerCase();
        const base = (rule.parentStyleSheet && rule.parentStyleSheet.href) || document.baseURI;
        const sources = faceSources.get(family) || [];
        for (const match of rule.style.getPropertyValue('src').matchAll(/url\\(\\s*["']?([^"')]+)["']?\\s*\\)/g)) {
          try {
            sources.push(new URL(match[1], base).hostname);
          } catch (error) {
            // Ignored: an unreadable source.
          }
        }
        faceSources.set(family, sources);
      }
    }
  };
  const readFontSources = () => {
    for (const sheet of document.styleSheets) readSheet(sheet, 0);
    for (const link of document.querySelectorAll('link[rel~="stylesheet" i][href]')) readSheet({ href: link.href, cssRules: [] }, 0);
  };
  const webFontOrigin = (family) => {
    const key = family.toLowerCase();
    if (googleFamilies.has(key)) return 'google';
    const sources = faceSources.get(key) || [];
    return sources.some((host) => GOOGLE_HOSTS.test(host)) ? 'google' : 'custom';
  };
  const isWebFont = (family) => {
    const key = family.toLowerCase();
    return googleFamilies.has(key) || faceSources.has(key) || faces.some((face) => unquote(face.family).toLowerCase() === key);
  };
  const measureContext = document.createElement('canvas').getContext('2d');
  const SAMPLE = 'mmmmmmmmmmlli WWW 0123456789 @#';
  const installed = (family) => {
    for (const fallback of ['monospace', 'serif', 'sans-serif']) {
      measureContext.font = '72px ' + fallback;
      const base = measureContext.measureText(SAMPLE).width;
      measureContext.font = '72px "' + family.replace(/"/g, '') + '", ' + fallback;
      if (measureContext.measureText(SAMPLE).width !== base) return true;
    }
    return false;
  };
  const faces = [...document.fonts];
  const familyCache = new Map();
  const renderedFamily = (stack) => {
    if (familyCache.has(stack)) return familyCache.get(stack);
    let result = null;
    const families = splitStack(stack);
    for (const family of families) {
      const key = family.toLowerCase();
      if (GENERIC_FAMILIES.has(key)) {
        result = { family: key, origin: 'system' };
        break;
      }
      const own = faces.filter((face) => unquote(face.family).toLowerCase() === key);
      if (own.length > 0) {
        if (own.some((face) => face.status === 'loaded')) {
          result = { family, origin: webFontOrigin(family) };
          break;
        }
        continue;
      }
      if (installed(family)) {
        result = { family, origin: 'system' };
        break;
      }
    }
    result = result || { family: 'serif', origin: 'system' };
    familyCache.set(stack, result);
    return result;
  };
  const fontOf = (stack) => {
    const families = splitStack(stack);
    const named = families.find(
      (family) => !GENERIC_FAMILIES.has(family.toLowerCase()) && !SYSTEM_FONT_NAMES.has(family.toLowerCase()),
    );
    const rendering = renderedFamily(stack);
    if (!named) return { family: rendering.family, origin: 'system', rendered: true, renderedFamily: rendering.family };
    const rendered = rendering.family.toLowerCase() === named.toLowerCase();
    return {
      family: named,
      origin: isWebFont(named) ? webFontOrigin(named) : 'system',
      rendered,
      renderedFamily: rendering.family,
    };
  };
`;
