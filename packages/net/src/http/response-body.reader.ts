import { Writable, type Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { NetError } from '../errors/net.error';

/** The Accept-Encoding the client sends: exactly the codings readBody can undo. */
export const ACCEPTED_ENCODINGS = 'gzip, deflate, br';

// Like browsers, accept a compressed body that ends early (or is empty) instead of failing the page.
const lenientZlib = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const lenientBrotli = {
  flush: constants.BROTLI_OPERATION_FLUSH,
  finishFlush: constants.BROTLI_OPERATION_FLUSH,
};

/**
 * Reads a response body, undoing its Content-Encoding, and fails with TOO_LARGE as soon as the
 * decoded bytes pass `maxBytes` (so a compression bomb stops early too).
 */
export async function readBody(
  body: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) {
        return done(new NetError('TOO_LARGE', `The response body exceeds ${maxBytes} bytes.`));
      }
      chunks.push(chunk);
      done();
    },
  });
  // An unknown coding cannot be undone; hand the bytes over as they came.
  await pipeline([body, ...(decodersFor(contentEncoding) ?? []), sink]);
  return Buffer.concat(chunks, size);
}

function decodersFor(contentEncoding: string | undefined): Transform[] | undefined {
  const codings = (contentEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity')
    .reverse();
  const decoders: Transform[] = [];
  for (const coding of codings) {
    if (coding === 'gzip' || coding === 'x-gzip') decoders.push(createGunzip(lenientZlib));
    else if (coding === 'deflate') decoders.push(createInflate(lenientZlib));
    else if (coding === 'br') decoders.push(createBrotliDecompress(lenientBrotli));
    else return undefined;
  }
  return decoders;
}
