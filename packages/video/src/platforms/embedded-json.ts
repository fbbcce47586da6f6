/**
 * The first JSON object literal that starts right after a match of `marker` in a page's inline
 * scripts (e.g. `var ytInitialPlayerResponse = {...};`), or null when none does. Pages also name
 * the variable where no object follows (`var ytInitialPlayerResponse = null;` in an earlier
 * script, `x = window.ytInitialPlayerResponse`), so every match is tried in turn. The object's end
 * is found by matching braces outside strings, since a script goes on after it.
 */
export function jsonObjectAfter(text: string, marker: RegExp): unknown {
  const markers = new RegExp(marker.source, marker.flags.includes('g') ? marker.flags : `${marker.flags}g`);
  for (const found of text.matchAll(markers)) {
    const object = objectAt(text, found.index + found[0].length);
    if (object !== null) return object;
  }
  return null;
}

/** The JSON object literal starting at `start`, or null when none starts there or it does not parse. */
function objectAt(text: string, start: number): unknown {
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
