/**
 * In-page collection of logo candidates (source text) with the facts they are judged on: inline
 * SVGs (serialised with every computed fill and stroke written in, so `currentColor` and
 * stylesheet colours survive outside the page), images (`<picture>` sources included), CSS
 * background images of small boxes and their ::before / ::after, and where each one sits: header,
 * footer, inside a link to the home page, a button, or a wall of other companies' logos; what its
 * names say (logo, the site's name, icon words such as close / menu / check).
 */
export const LOGO_FUNCTIONS = `
  const LOGO_WORDS = /logo|brand|wordmark|logotype|site-title|site-name/i;
  const ICON_WORDS = /(^|[^a-z])(close|dismiss|menu|hamburger|burger|search|cart|basket|check|checkmark|tick|verified|badge|arrow|chevron|caret|toggle|user|avatar|account|times|x-mark|xmark|icon-x|bell|star|heart|play|share)([^a-z]|$)/i;
  const WALL_WORDS = /customer|client|partner|sponsor|trusted|featured|press|investor|integration|logos([^a-z]|$)|logo-(wall|grid|cloud|strip|list)/i;
  const HEADER = 'header, [role="banner"], nav, [class*="header" i], [id*="header" i], [class*="navbar" i]';
  const SVG_NS = 'http://www.w3.org/2000/svg';
  const compact = (text) => String(text || '').toLowerCase().replace(/[^a-z0-9]+/g, '');
  const wordsOf = (element) => [element.id, element.getAttribute('class'), element.getAttribute('alt'), element.getAttribute('aria-label'),
    element.getAttribute('title'), element.getAttribute('data-testid'), element.getAttribute('src')].filter(Boolean).join(' ');
  const isHome = (anchor) => {
    if (!anchor) return false;
    try {
      const url = new URL(anchor.href);
      const here = new URL(location.href);
      const sameSite = url.hostname.replace(/^www\\./, '') === here.hostname.replace(/^www\\./, '');
      return sameSite && /^\\/(index\\.html?|[a-z]{2}(-[a-z]{2})?\\/?)?$/i.test(url.pathname) && !url.search;
    } catch (error) {
      return false;
    }
  };
  const isElsewhere = (anchor) => {
    if (!anchor) return false;
    try {
      const url = new URL(anchor.href);
      const site = (host) => host.replace(/^www\\./, '').split('.').slice(-2).join('.');
      return /^https?:$/.test(url.protocol) && site(url.hostname) !== site(location.hostname);
    } catch (error) {
      return false;
    }
  };
  // What is painted under the element's centre (an absolutely placed header sits on whatever is below
  // it, not on its ancestors): a colour, 'photo' for an image, or null for the bare canvas.
  const backdropOf = (element) => {
    const rect = element.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    const stack = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementsFromPoint(x, y) : [];
    for (const below of stack.length > 0 ? stack : [element.parentElement]) {
      if (!below || below === element || element.contains(below)) continue;
      const style = getComputedStyle(below);
      if (/^(IMG|VIDEO|CANVAS)$/.test(below.tagName) || /url\\(/.test(style.backgroundImage)) return 'photo';
      const colour = toHex(style.backgroundColor);
      if (colour && colour.alpha >= 0.5) return colour.hex;
    }
    return null;
  };
  const themeOf = (element, canvasHex) => {
    const backdrop = backdropOf(element) || canvasHex;
    return backdrop === 'photo' ? null : luminanceOf(backdrop) < 0.18 ? 'dark' : 'light';
  };
  const factsFor = (element, rect, siteNames, canvasHex, order) => {
    const anchor = element.closest('a[href]');
    const around = [];
    for (let node = element, depth = 0; node && node.nodeType === 1 && depth < 4; node = node.parentElement, depth++) around.push(wordsOf(node));
    if (anchor) around.push(wordsOf(anchor));
    const svgTitle = element.tagName.toLowerCase() === 'svg' ? (element.querySelector('title') || {}).textContent || '' : '';
    const labels = compact([element.getAttribute('alt'), element.getAttribute('aria-label'), element.getAttribute('title'), svgTitle,
      anchor && anchor.getAttribute('aria-label'), anchor && anchor.getAttribute('title')].join(' '));
    const ownWords = around.join(' ');
    let wall = false;
    for (let node = element.parentElement, depth = 0; node && depth < 6; node = node.parentElement, depth++) {
      if (WALL_WORDS.test(wordsOf(node)) || (node.children.length >= 4 && node.querySelectorAll('img, svg').length >= 4 && !node.closest(HEADER))) wall = true;
    }
    return {
      order,
      top: Math.round(rect.top + scrollY),
      left: Math.round(rect.left + scrollX),
      width: Math.round(rect.width),
      height: Math.round(rect.height),
      theme: themeOf(element, canvasHex),
      inHeader: !!element.closest(HEADER) || rect.top + scrollY < 120,
      inFooter: !!element.closest('footer, [role="contentinfo"]'),
      linksHome: isHome(anchor),
      linksAway: isElsewhere(anchor),
      logoCue: LOGO_WORDS.test(ownWords) || LOGO_WORDS.test(svgTitle),
      nameCue: siteNames.some((name) => name.length >= 3 && labels.includes(name)),
      iconCue: ICON_WORDS.test(around.slice(0, 2).join(' ')) || ICON_WORDS.test(svgTitle) || (!!anchor && ICON_WORDS.test(wordsOf(anchor))),
      inButton: !!element.closest('button, [role="button"], [role="checkbox"], [role="switch"]'),
      inLogoWall: wall,
      alternate: false,
    };
  };
  const hexAttribute = (value, fallback) => {
    if (!value || value === 'none' || /^url\\(/.test(value)) return value;
    const colour = toHex(value);
    return colour ? colour.hex : fallback;
  };
  const serialiseSvg = (svg, rect) => {
    const clone = svg.cloneNode(true);
    const originals = [svg, ...svg.querySelectorAll('*')];
    const copies = [clone, ...clone.querySelectorAll('*')];
    const colour = (toHex(getComputedStyle(svg).color) || { hex: '#000000' }).hex;
    originals.forEach((original, index) => {
      const copy = copies[index];
      if (!copy || !(original instanceof SVGElement)) return;
      const style = getComputedStyle(original);
      if (!/^(svg|defs|title|desc|style|symbol|clipPath|mask|linearGradient|radialGradient|filter)$/.test(original.tagName)) {
        if (original.tagName === 'stop') copy.setAttribute('stop-color', hexAttribute(style.stopColor, colour));
        else {
          copy.setAttribute('fill', hexAttribute(style.fill, colour));
          if (style.stroke && style.stroke !== 'none') copy.setAttribute('stroke', hexAttribute(style.stroke, colour));
        }
      }
      for (const attribute of [...copy.attributes]) {
        if (/currentcolor/i.test(attribute.value)) copy.setAttribute(attribute.name, attribute.value.replace(/currentcolor/gi, colour));
      }
      if (copy.style) copy.style.removeProperty('color');
    });
    for (const use of clone.querySelectorAll('use')) {
      const reference = use.getAttribute('href') || use.getAttribute('xlink:href') || '';
      const target = reference.startsWith('#') ? document.getElementById(reference.slice(1)) : null;
      if (target && !svg.contains(target)) {
        let defs = clone.querySelector('defs');
        if (!defs) clone.insertBefore((defs = document.createElementNS(SVG_NS, 'defs')), clone.firstChild);
        if (defs.querySelector('[id="' + target.id + '"]')) continue;
        const copy = target.cloneNode(true);
        for (const node of [copy, ...copy.querySelectorAll('*')])
          for (const attribute of [...node.attributes])
            if (/currentcolor/i.test(attribute.value)) node.setAttribute(attribute.name, attribute.value.replace(/currentcolor/gi, colour));
        defs.appendChild(copy);
      }
    }
    for (const image of clone.querySelectorAll('image')) {
      for (const name of ['href', 'xlink:href']) {
        const href = image.getAttribute(name);
        if (href && !href.startsWith('#')) image.setAttribute(name, absolute(href) || href);
      }
    }
    clone.setAttribute('xmlns', SVG_NS);
    if (!clone.getAttribute('viewBox')) clone.setAttribute('viewBox', '0 0 ' + Math.round(rect.width) + ' ' + Math.round(rect.height));
    clone.setAttribute('width', String(Math.round(rect.width)));
    clone.setAttribute('height', String(Math.round(rect.height)));
    clone.removeAttribute('class');
    clone.removeAttribute('style');
    return new XMLSerializer().serializeToString(clone);
  };
  const URL_IN = /url\\(\\s*["']?([^"')]+)["']?\\s*\\)/;
  const collectLogoCandidates = (siteNames, canvasHex) => {
    const candidates = [];
    const viewArea = innerWidth * innerHeight;
    let order = 0;
    const shown = (rect) => rect.width >= 8 && rect.height >= 8 && rect.top + scrollY < innerHeight * 4;
    const visible = (element) => {
      const style = getComputedStyle(element);
      return style.visibility !== 'hidden' && parseFloat(style.opacity) > 0 && !element.closest('[hidden]');
    };
    const elements = document.querySelectorAll('svg, img, [class*="logo" i], [id*="logo" i], header *, [role="banner"] *, a[href] > span, a[href] > div');
    let looked = 0;
    for (const element of elements) {
      if (candidates.length >= 60 || looked++ > 2000) break;
      const tag = element.tagName.toLowerCase();
      if (tag === 'svg') {
        if (element.parentElement && element.parentElement.closest('svg')) continue;
        const rect = element.getBoundingClientRect();
        if (!shown(rect) || !visible(element)) continue;
        const svg = serialiseSvg(element, rect);
        if (svg.length > 200000) continue;
        candidates.push(Object.assign(factsFor(element, rect, siteNames, canvasHex, order++), { source: 'inline-svg', url: null, svg }));
      } else if (tag === 'img') {
        const rect = element.getBoundingClientRect();
        // A lazy loader's placeholder is not the image: its real source waits in a data attribute.
        const lazy = element.getAttribute('data-src') || element.getAttribute('data-lazy-src');
        const shownSource = element.currentSrc || element.src;
        const url = absolute(lazy && /^data:/.test(shownSource) ? lazy : shownSource);
        if (!url || !shown(rect) || !visible(element)) continue;
        const picture = element.parentElement && element.parentElement.tagName === 'PICTURE' ? element.parentElement : null;
        const facts = factsFor(element, rect, siteNames, canvasHex, order++);
        candidates.push(Object.assign(facts, { source: picture ? 'picture' : 'header-image', url }));
        if (!picture) continue;
        for (const source of picture.querySelectorAll('source[srcset]')) {
          const media = source.getAttribute('media') || '';
          const first = absolute((source.getAttribute('srcset') || '').trim().split(/\\s+/)[0]);
          if (!first || first === url || !/prefers-color-scheme/i.test(media)) continue;
          candidates.push(Object.assign({}, facts, {
            source: 'picture', url: first, alternate: true, theme: /dark/i.test(media) ? 'dark' : 'light',
          }));
        }
      } else {
        for (const pseudo of [null, '::before', '::after']) {
          const image = getComputedStyle(element, pseudo).backgroundImage;
          const match = image && URL_IN.exec(image);
          if (!match) continue;
          const rect = element.getBoundingClientRect();
          if (!shown(rect) || rect.width * rect.height > viewArea * 0.15 || !visible(element)) continue;
          const url = absolute(match[1]);
          if (!url || candidates.some((candidate) => candidate.url === url)) continue;
          candidates.push(Object.assign(factsFor(element, rect, siteNames, canvasHex, order++), { source: 'css-background', url }));
          break;
        }
      }
    }
    return candidates;
  };
`;
