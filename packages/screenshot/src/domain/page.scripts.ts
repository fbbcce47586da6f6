// In-page scripts, as source text so that no compiler helper ever ends up in the page.

/** Throws a SyntaxError in the page when the argument is not a valid CSS selector. */
export const CHECK_SELECTOR = `(selector) => { document.createDocumentFragment().querySelector(selector); }`;

export interface PageOutline {
  /** Something visible was painted: text, a replaced element (image, canvas, video, ...), a background or a border. */
  painted: boolean;
  /** Scrollable height of the document in CSS pixels. */
  height: number;
}

/**
 * The page's outline as a \`PageOutline\`. "Painted" looks for, in order and stopping at the first
 * find: visible text (inside open shadow roots too), a visible replaced or form element, a visible
 * custom element (closed shadow roots cannot be looked into), and an element other than html/body
 * with a background or border; a background colour on html/body alone is not a page.
 */
export const PAGE_OUTLINE = `(() => {
  const root = document.documentElement;
  const body = document.body;
  const height = Math.max(root ? root.scrollHeight : 0, body ? body.scrollHeight : 0);
  const shown = (element) => {
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0;
  };
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TITLE', 'HEAD']);
  const REPLACED = 'img,svg,canvas,video,iframe,embed,object,picture,input,textarea,select,button,hr,meter,progress';
  const roots = [];
  const collect = (start) => {
    roots.push(start);
    const elements = start.querySelectorAll('*');
    for (let i = 0; i < elements.length; i++) if (elements[i].shadowRoot) collect(elements[i].shadowRoot);
  };
  if (!body) return { painted: !!root && (root.textContent.trim().length > 0 || root.childElementCount > 0), height };
  collect(body);
  const hasText = (start) => {
    const walker = document.createTreeWalker(start, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.data.trim() || !parent || SKIP.has(parent.tagName)) continue;
      if (shown(parent)) return true;
    }
    return false;
  };
  const painted = () => {
    for (const start of roots) if (hasText(start)) return true;
    for (const start of roots) {
      const replaced = start.querySelectorAll(REPLACED);
      for (let i = 0; i < replaced.length; i++) if (shown(replaced[i])) return true;
    }
    const visibleColour = (value) => !!value && value !== 'transparent' && !/rgba\\([^)]*,\\s*0\\)$/.test(value);
    const styled = (element) => {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.opacity === '0') return false;
      if (style.backgroundImage && style.backgroundImage !== 'none') return true;
      if (element === body || element === root) return false;
      if (visibleColour(style.backgroundColor)) return true;
      return ['Top', 'Right', 'Bottom', 'Left'].some(
        (side) => parseFloat(style['border' + side + 'Width']) > 0 && style['border' + side + 'Style'] !== 'none' && visibleColour(style['border' + side + 'Color']),
      );
    };
    if (styled(root) || styled(body)) return true;
    let looked = 0;
    for (const start of roots) {
      const elements = start.querySelectorAll('*');
      for (let i = 0; i < elements.length && looked < 5000; i++, looked++) {
        const element = elements[i];
        if (SKIP.has(element.tagName) || !shown(element)) continue;
        if (element.tagName.includes('-') || styled(element)) return true;
      }
    }
    return false;
  };
  return { painted: painted(), height };
})()`;
