import { decodeText } from './charset.decoder';

/** A complete response: status, headers and the decoded (decompressed, size-capped) body. */
export class HttpResponse {
  /** The media type without parameters, lower case (e.g. `text/html`), or null when absent. */
  readonly contentType: string | null;
  private decoded?: string;

  constructor(
    /** The URL as requested. */
    readonly url: string,
    /** The URL after redirects. */
    readonly finalUrl: string,
    readonly status: number,
    readonly headers: Headers,
    readonly body: Buffer,
  ) {
    this.contentType = headers.get('content-type')?.split(';')[0].trim().toLowerCase() || null;
  }

  /** The body as text: charset from BOM, Content-Type, `<meta>` (first 4 KiB), else UTF-8 or windows-1252. */
  text(): string {
    this.decoded ??= decodeText(this.body, this.headers.get('content-type'));
    return this.decoded;
  }
}
