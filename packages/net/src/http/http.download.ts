/** A finished download: where the body went is the caller's file; this says what came back. */
export class HttpDownload {
  constructor(
    /** The URL as requested. */
    readonly url: string,
    /** The URL after redirects. */
    readonly finalUrl: string,
    readonly status: number,
    readonly headers: Headers,
    /** Decoded bytes written to the file; 0 when the status was not 2xx and nothing was written. */
    readonly bytes: number,
  ) {}
}
