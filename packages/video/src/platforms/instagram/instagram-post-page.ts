import { parseOrNull, scriptContents } from '../embedded-json';
import type { XigPolarisMedia } from './instagram-media';

/** The `lsd` token the post page hands its own GraphQL client. */
export function lsdToken(html: string): string | null {
  return (
    /\["LSD",\[\],\{"token":"([^"]+)"/.exec(html)?.[1] ?? /name="lsd" value="([^"]+)"/.exec(html)?.[1] ?? null
  );
}

/**
 * The post's `xig_polaris_media` as the page embeds it for its first render (in a JSON script,
 * under `RelayPrefetchedStreamCache` ... `__bbox.result.data`), or undefined when the page has
 * none. Media of other posts on the page are passed over.
 */
export function embeddedPolarisMedia(html: string, shortcode: string): XigPolarisMedia | undefined {
  for (const script of scriptContents(html, /\btype="application\/json"/)) {
    const found = findPolaris(parseOrNull(script), shortcode);
    if (found) return found;
  }
  return undefined;
}

function findPolaris(value: unknown, shortcode: string): XigPolarisMedia | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const polaris = (value as { xig_polaris_media?: unknown }).xig_polaris_media;
  if (typeof polaris === 'object' && polaris !== null && isOf(polaris as XigPolarisMedia, shortcode)) {
    return polaris as XigPolarisMedia;
  }
  for (const child of Object.values(value)) {
    const found = findPolaris(child, shortcode);
    if (found) return found;
  }
  return undefined;
}

function isOf(polaris: XigPolarisMedia, shortcode: string): boolean {
  const code = polaris.if_not_gated_logged_out?.code;
  return code === undefined || code === shortcode;
}
