/**
 * In-page functions reading the document's head (source text): metas, JSON-LD organisations, icon
 * links and the web app manifest. The manifest is fetched by the page itself, so the request goes
 * through the browser pool's checking proxy like any other request of the page.
 */
export const HEAD_FUNCTIONS = `
  const absolute = (href, base) => {
    if (!href) return null;
    try {
      const url = new URL(String(href).trim(), base || document.baseURI);
      return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'data:' ? url.href : null;
    } catch (error) {
      return null;
    }
  };
  const metaContent = (...keys) => {
    for (const key of keys) {
      const element = document.querySelector('meta[property="' + key + '" i], meta[name="' + key + '" i]');
      const content = element && element.getAttribute('content');
      if (content && content.trim()) return content.trim();
    }
    return null;
  };
  const readJsonLd = () => {
    const names = [];
    const logos = [];
    const sameAs = [];
    const ORGANISATION = /organi[sz]ation|corporation|brand|business|store|company|ngo|airline|school|university|college|restaurant|hotel|library|museum|agency|government|club|team|shop|practice|office|clinic|service/i;
    const urlOf = (value) => {
      if (typeof value === 'string') return value;
      if (value && typeof value === 'object') return value.url || value.contentUrl || value['@id'] || null;
      return null;
    };
    const visit = (node, depth) => {
      if (!node || typeof node !== 'object' || depth > 6) return;
      if (Array.isArray(node)) return node.forEach((item) => visit(item, depth + 1));
      const types = [].concat(node['@type'] || []).join(' ');
      if (ORGANISATION.test(types)) {
        if (typeof node.name === 'string' && node.name.trim()) names.push(node.name.trim());
        for (const logo of [].concat(node.logo || [])) {
          const url = absolute(urlOf(logo));
          if (url) logos.push(url);
        }
        for (const link of [].concat(node.sameAs || [])) if (typeof link === 'string') sameAs.push(link);
      }
      for (const key of Object.keys(node)) if (key !== 'logo' && key !== 'sameAs') visit(node[key], depth + 1);
    };
    for (const script of document.querySelectorAll('script[type="application/ld+json" i]')) {
      try {
        visit(JSON.parse(script.textContent || ''), 0);
      } catch (error) {
        // A broken block says nothing.
      }
    }
    return { names, logos, sameAs };
  };
  const ICON_RELS = /(^|\\s)(icon|apple-touch-icon|apple-touch-icon-precomposed|mask-icon|fluid-icon)(\\s|$)/i;
  const readIconLinks = () => {
    const icons = [];
    for (const link of document.querySelectorAll('link[rel][href]')) {
      const rel = (link.getAttribute('rel') || '').trim().toLowerCase().replace(/\\s+/g, ' ');
      if (!ICON_RELS.test(rel)) continue;
      const url = absolute(link.getAttribute('href'));
      // "data:," is the usual way of saying "no favicon".
      if (url && url !== 'data:,') icons.push({ url, rel, sizes: link.getAttribute('sizes') || null, type: link.getAttribute('type') || null });
    }
    return icons;
  };
  const readManifest = async () => {
    const link = document.querySelector('link[rel~="manifest" i][href]');
    const href = link && absolute(link.getAttribute('href'));
    if (!href) return null;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 3000);
    try {
      const response = await fetch(href, { signal: controller.signal, credentials: 'same-origin' });
      if (!response.ok) return null;
      const manifest = JSON.parse(await response.text());
      const icons = (Array.isArray(manifest.icons) ? manifest.icons : [])
        .map((icon) => ({
          url: absolute(icon && icon.src, response.url || href),
          rel: 'manifest',
          sizes: (icon && icon.sizes) || null,
          type: (icon && icon.type) || null,
        }))
        .filter((icon) => icon.url);
      const name = typeof manifest.name === 'string' ? manifest.name : typeof manifest.short_name === 'string' ? manifest.short_name : null;
      const themeColor = typeof manifest.theme_color === 'string' ? manifest.theme_color : null;
      return { name, themeColor, icons };
    } catch (error) {
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
  const readHead = async () => {
    const themeColors = [];
    for (const meta of document.querySelectorAll('meta[name="theme-color" i][content]')) {
      const colour = toHex(meta.getAttribute('content'));
      const media = meta.getAttribute('media');
      let matches = true;
      try {
        matches = !media || matchMedia(media).matches;
      } catch (error) {
        matches = false;
      }
      if (colour) themeColors.push({ hex: colour.hex, matches });
    }
    const manifest = await readManifest();
    return {
      meta: {
        description: metaContent('description'),
        ogDescription: metaContent('og:description'),
        ogSiteName: metaContent('og:site_name'),
        ogImage: absolute(metaContent('og:image', 'og:image:url', 'og:image:secure_url')),
        twitterImage: absolute(metaContent('twitter:image', 'twitter:image:src')),
        themeColors,
      },
      jsonLd: readJsonLd(),
      manifest: manifest && { name: manifest.name, themeColor: manifest.themeColor && toHex(manifest.themeColor) ? toHex(manifest.themeColor).hex : null },
      icons: readIconLinks().concat(manifest ? manifest.icons : []),
    };
  };
`;
