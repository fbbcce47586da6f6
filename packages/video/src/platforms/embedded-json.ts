/**
 * The JSON object literal that starts right after `marker` in a page's inline script (e.g.
 * `var ytInitialPlayerResponse = {...};`), or null when there is none or it does not parse. The
 * object's end is found by matching braces outside strings, since a script goes on after it.
 */
export function jsonObjectAfter(text: string, marker: RegExp): unknown {
  const found = marker.exec(text);
  if (!found) return null;
  const start = found.index + found[0].length;
  if (text[start] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth += 1;
    else if (char === '}' && --depth === 0) return parseOrNull(text.slice(start, at + 1));
  }
  return null;
}

/** The text of every `<script>` whose opening tag's attributes match `attributes`. */
export function scriptContents(html: string, attributes: RegExp): string[] {
  const scripts = html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi);
  return [...scripts].filter(([, tag]) => attributes.test(tag)).map(([, , content]) => content);
}

/** JSON text parsed, or null when it is not JSON. */
export function parseOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
