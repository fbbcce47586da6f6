import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, Writable, type Readable } from 'node:stream';
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
  const cap = new ByteCap(maxBytes);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await pipeline([body, ...decodersFor(contentEncoding), cap, sink]);
  return Buffer.concat(chunks, cap.bytes);
}

/**
 * Streams a response body into `file` as it arrives, decoded and capped like `readBody`, and
 * returns the bytes written. A body that fails part-way leaves no partial file behind.
 */
export async function writeBody(
  body: Readable,
  contentEncoding: string | undefined,
  maxBytes: number,
  file: string,
): Promise<number> {
  const cap = new ByteCap(maxBytes);
  try {
    await pipeline([body, ...decodersFor(contentEncoding), cap, createWriteStream(file)]);
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return cap.bytes;
}

/** Passes bytes through, counting them, and fails with TOO_LARGE once they pass `maxBytes`. */
class ByteCap extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      return done(new NetError('TOO_LARGE', `The response body exceeds ${this.maxBytes} bytes.`));
    }
    done(null, chunk);
  }
}

// An unknown coding cannot be undone; hand the bytes over as they came.
function decodersFor(contentEncoding: string | undefined): Transform[] {
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
    else return [];
  }
  return decoders;
}
