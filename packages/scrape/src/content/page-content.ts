/** Readable content made from one fetched or rendered page. */
export interface PageContent {
  title: string | null;
  html: string;
  markdown: string;
}

/** A page as it arrived: the bytes and how to read them. */
export interface FetchedPage {
  finalUrl: string;
  contentType: string | null;
  body: Buffer;
  /** The body decoded with the page's charset. */
  text(): string;
}
