import type { PageLinks } from '@quarry/extract';
import type { PageText } from '../domain/scrape-result';

/** Readable content made from one fetched or rendered page. */
export interface PageContent {
  title: string | null;
  html: string;
  markdown: string;
  /** The text the scrape asked for besides the main content (HTML pages only). */
  text?: PageText;
  /** The page's links, when the scrape asked for them (HTML pages only). */
  links?: PageLinks;
}

/** A page as it arrived: the bytes and how to read them. */
export interface FetchedPage {
  finalUrl: string;
  /** The media type, without parameters. */
  contentType: string | null;
  headers: Headers;
  body: Buffer;
  /** The body decoded with the page's charset. */
  text(): string;
}
