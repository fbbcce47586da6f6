import { jsonObjectAfter } from '../embedded-json';
import type { YouTubePlayerResponse } from './youtube-player-response';

/** What a consent interstitial (shown in the EU) posts to, where the watch page should be. */
const CONSENT_FORM = 'action="https://consent.youtube.com/s"';

/** Whether `html` is the consent interstitial rather than the watch page. */
export function isConsentPage(html: string): boolean {
  return html.includes(CONSENT_FORM);
}

/** The cookie that answers the consent form, `CONSENT=YES+<v>`, or null when the form has no `v`. */
export function consentCookie(html: string): string | null {
  const value = /name="v" value="([^"]*)"/.exec(html)?.[1];
  return value ? `CONSENT=YES+${value}` : null;
}

/** A reCAPTCHA instead of the page: YouTube checking for a bot. */
export function isBotCheckPage(html: string): boolean {
  return html.includes('class="g-recaptcha"');
}

/** The key the page's own player calls the player API with. */
export function innertubeApiKey(html: string): string | null {
  return /"INNERTUBE_API_KEY":\s*"([A-Za-z0-9_-]+)"/.exec(html)?.[1] ?? null;
}

/**
 * The web player's response inlined in the page: metadata the app client leaves out (microformat).
 * It is assigned as `var ytInitialPlayerResponse = {...}` or `window["ytInitialPlayerResponse"] =
 * {...}`, possibly after the variable was declared `null` in an earlier script.
 */
export function initialPlayerResponse(html: string): YouTubePlayerResponse | null {
  const response = jsonObjectAfter(html, /\bytInitialPlayerResponse["']?\]?\s*=\s*/);
  return typeof response === 'object' ? (response as YouTubePlayerResponse | null) : null;
}
