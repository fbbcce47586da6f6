/**
 * In-page measurement of what is painted (source text), over the first screens of the page:
 * - backgrounds: each opaque background colour weighted by the area it stays visible in, i.e. its
 *   box less the boxes of descendants painting over it (their own background, an image, a photo);
 *   a box with a background image keeps none of its background colour (the picture covers it);
 * - texts and links: each colour weighted by the area its glyphs cover (characters x size²);
 * - buttons: filled buttons and button-like links, with their colours and corner radius;
 * - fonts: the family headings, body text and code name (and whether it rendered), weighted the same way.
 * "Chrome" is navigation, header and footer: their colours are weighed apart from the content's.
 */
export const PAINT_FUNCTIONS = `
  const measurePaint = () => {
    const viewWidth = innerWidth;
    const bottom = Math.max(innerHeight, Math.min(document.documentElement.scrollHeight, innerHeight * 4));
    const areaOf = (rect) => {
      const top = rect.top + scrollY;
      const width = Math.max(0, Math.min(rect.right, viewWidth) - Math.max(rect.left, 0));
      const height = Math.max(0, Math.min(top + rect.height, bottom) - Math.max(top, 0));
      return width * height;
    };
    const CHROME = 'header, nav, footer, [role="banner"], [role="navigation"], [role="contentinfo"]';
    const BUTTONS = 'button, input[type="submit" i], input[type="button" i], [role="button"], a[class*="btn" i], a[class*="button" i], a[class*="cta" i]';
    const PRIMARY_CUE = /primary|cta|call-to-action|main-action|signup|sign-up|get-started/i;
    const root = document.documentElement;
    const body = document.body;
    const rootStyle = getComputedStyle(root);
    const bodyStyle = body ? getComputedStyle(body) : null;
    const rootBackground = toHex(rootStyle.backgroundColor) || (bodyStyle && toHex(bodyStyle.backgroundColor));
    const darkCanvas = /dark/.test(rootStyle.colorScheme) && !(/light/.test(rootStyle.colorScheme) && !matchMedia('(prefers-color-scheme: dark)').matches);
    const canvasHex = rootBackground ? rootBackground.hex : darkCanvas ? '#121212' : '#ffffff';
    const backgrounds = new Map();
    const addBackground = (hex, area, chrome) => {
      if (area <= 0) return;
      const key = hex + (chrome ? ':chrome' : '');
      const entry = backgrounds.get(key) || { hex, area: 0, chrome };
      entry.area += area;
      backgrounds.set(key, entry);
    };
    const COVERING = new Set(['IMG', 'VIDEO', 'CANVAS', 'PICTURE', 'IFRAME', 'OBJECT', 'EMBED', 'svg']);
    let visited = 0;
    const walk = (element, painter, chrome) => {
      if (visited++ > 6000) return;
      const style = getComputedStyle(element);
      if (style.display === 'none') return;
      const inChrome = chrome || element.matches(CHROME);
      const rect = element.getBoundingClientRect();
      const area = style.visibility === 'hidden' || style.opacity === '0' ? 0 : areaOf(rect);
      let own = painter;
      const image = style.backgroundImage && style.backgroundImage !== 'none' ? style.backgroundImage : null;
      const colour = toHex(style.backgroundColor);
      // A full-screen fixed layer (a modal's backdrop, a consent wall) veils the page: it is not the page's paint.
      const overlay = style.position === 'fixed' && rect.width * rect.height >= innerWidth * innerHeight * 0.6;
      const unpainted = element === root || element === body || overlay;
      if (!unpainted && area > 0 && (COVERING.has(element.tagName) || /url\\(/.test(image || '') || (colour && colour.alpha >= 0.5))) {
        if (painter) painter.covered += area;
        own = { hex: /url\\(/.test(image || '') || COVERING.has(element.tagName) ? null : colour.hex, area, covered: 0, chrome: inChrome };
        painters.push(own);
      }
      if (!unpainted && image && !/url\\(/.test(image) && area > 0) {
        const stops = image.match(COLOUR_TOKENS) || [];
        for (const stop of stops) {
          const parsed = toHex(stop);
          if (parsed) addBackground(parsed.hex, area / stops.length, inChrome);
        }
      }
      if (COVERING.has(element.tagName)) return;
      for (const child of element.children) walk(child, own, inChrome);
    };
    const canvas = { hex: canvasHex, area: viewWidth * bottom, covered: 0, chrome: false };
    const painters = [canvas];
    if (body) walk(body, canvas, false);
    for (const painter of painters) if (painter.hex) addBackground(painter.hex, Math.max(0, painter.area - painter.covered), painter.chrome);

    const texts = new Map();
    const links = new Map();
    const fontUse = new Map();
    const fontWeights = {};
    const sizes = new Map();
    const add = (table, key, hex, area, extra) => {
      const entry = table.get(key) || Object.assign({ hex, area: 0 }, extra);
      entry.area += area;
      table.set(key, entry);
    };
    const elementFacts = new Map();
    const factsOf = (element) => {
      let facts = elementFacts.get(element);
      if (facts) return facts;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      const hidden = style.visibility === 'hidden' || parseFloat(style.opacity) === 0 || rect.width <= 1 || rect.height <= 1;
      facts = {
        hidden,
        style,
        colour: toHex(style.color),
        size: parseFloat(style.fontSize) || 16,
        chrome: !!element.closest(CHROME),
        // Headings by markup, or by look on pages that set titles in plain boxes.
        heading: !!element.closest('h1, h2, h3, h4, h5, h6, [role="heading"]') || (parseFloat(style.fontSize) >= 28 && !element.closest(CHROME)),
        code: !!element.closest('code, pre, kbd, samp'),
        link: element.closest('a[href]'),
        button: !!element.closest(BUTTONS),
        inView: rect.top + scrollY < bottom,
      };
      elementFacts.set(element, facts);
      return facts;
    };
    if (body) {
      const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
      let seen = 0;
      for (let node = walker.nextNode(); node && seen < 20000; node = walker.nextNode()) {
        const characters = node.data.replace(/\\s+/g, '').length;
        const parent = node.parentElement;
        if (!characters || !parent || /^(SCRIPT|STYLE|NOSCRIPT|TEMPLATE|TITLE)$/.test(parent.tagName)) continue;
        seen += characters;
        const facts = factsOf(parent);
        if (facts.hidden) continue;
        const area = characters * facts.size * facts.size * 0.5;
        const weight = String(Math.round(parseFloat(facts.style.fontWeight) || 400));
        const font = fontOf(facts.style.fontFamily);
        const role = facts.code ? 'code' : facts.heading ? 'heading' : facts.chrome || facts.button ? null : 'body';
        if (role) add(fontUse, role + '|' + font.family, null, area, { role, ...font });
        const weights = (fontWeights[font.family] = fontWeights[font.family] || []);
        if (!weights.includes(Number(weight))) weights.push(Number(weight));
        if (role === 'body') sizes.set(facts.size, (sizes.get(facts.size) || 0) + characters);
        if (!facts.colour || !facts.inView || facts.button) continue;
        if (facts.link) add(links, facts.colour.hex + facts.chrome, facts.colour.hex, area, { chrome: facts.chrome });
        else if (!facts.chrome || facts.heading) add(texts, facts.colour.hex + facts.heading, facts.colour.hex, area, { heading: facts.heading });
      }
    }

    const buttons = [];
    let looked = 0;
    for (const element of document.querySelectorAll(BUTTONS + ', a[href]')) {
      if (buttons.length >= 60 || looked++ > 1500) break;
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      const background = toHex(style.backgroundColor);
      const text = toHex(style.color);
      if (!background || background.alpha < 0.9 || !text || rect.width < 24 || rect.height < 16 || style.visibility === 'hidden') continue;
      if (element.closest('[aria-hidden="true"]')) continue;
      // A link counts as a button when it is a filled box of its own, not text on its parent's colour.
      const parent = element.parentElement && toHex(getComputedStyle(element.parentElement).backgroundColor);
      if (!element.matches(BUTTONS) && (parent && parent.hex === background.hex || parseFloat(style.paddingLeft) < 6)) continue;
      const cue = [element.id, element.getAttribute('class'), element.getAttribute('data-variant')].join(' ');
      buttons.push({
        background: background.hex,
        text: text.hex,
        borderRadius: style.borderTopLeftRadius,
        area: rect.width * rect.height,
        primaryCue: PRIMARY_CUE.test(cue),
        inHeader: !!element.closest(CHROME),
      });
    }

    let baseSizePx = null;
    let most = 0;
    for (const [size, count] of sizes) if (count > most) (most = count), (baseSizePx = size);
    return {
      canvasHex,
      rootColorScheme: rootStyle.colorScheme,
      backgrounds: [...backgrounds.values()],
      texts: [...texts.values()],
      links: [...links.values()],
      buttons,
      fonts: [...fontUse.values()].map(({ role, family, origin, rendered, renderedFamily, area }) => ({
        role,
        family,
        origin,
        rendered,
        renderedFamily,
        area,
      })),
      fontWeights,
      baseSizePx,
    };
  };
  const readVariables = () => {
    const names = new Set();
    const readRules = (rules, depth) => {
      if (depth > 4) return;
      for (const rule of rules) {
        if (rule.styleSheet) {
          try {
            readRules(rule.styleSheet.cssRules, depth + 1);
          } catch (error) {
            // Cross-origin: unreadable.
          }
        } else if (rule.cssRules && !rule.style) readRules(rule.cssRules, depth + 1);
        if (rule.style) for (let i = 0; i < rule.style.length; i++) if (rule.style[i].startsWith('--')) names.add(rule.style[i]);
        if (names.size > 500) return;
      }
    };
    for (const sheet of document.styleSheets) {
      try {
        readRules(sheet.cssRules, 0);
      } catch (error) {
        // Cross-origin: unreadable.
      }
    }
    const styles = [getComputedStyle(document.documentElement)].concat(document.body ? [getComputedStyle(document.body)] : []);
    const variables = [];
    for (const name of names) {
      for (const style of styles) {
        const colour = toHex(style.getPropertyValue(name));
        if (colour && colour.alpha >= 0.5) {
          variables.push({ name, hex: colour.hex });
          break;
        }
      }
    }
    return variables;
  };
`;
