import { isUtf8 } from 'node:buffer';
import { decode, encodingExists } from 'iconv-lite';

const META_SCAN_BYTES = 4096;

// WHATWG Encoding: browsers read all of these labels as windows-1252, which iconv-lite does not.
const WINDOWS_1252_LABELS = new Set([
  'ascii',
  'cp819',
  'csisolatin1',
  'ibm819',
  'iso-8859-1',
  'iso-ir-100',
  'iso8859-1',
  'iso_8859-1',
  'l1',
  'latin1',
  'us-ascii',
]);

// WHATWG Encoding: labels browsers read as another encoding than iconv-lite's of the same name.
const WHATWG_ENCODINGS: Record<string, string> = {
  'iso-8859-9': 'windows-1254',
  'iso8859-9': 'windows-1254',
  'iso_8859-9': 'windows-1254',
  latin5: 'windows-1254',
  l5: 'windows-1254',
  'tis-620': 'windows-874',
  'iso-8859-11': 'windows-874',
  'x-user-defined': 'windows-1252',
};

/**
 * Decodes a body to text: BOM, else Content-Type charset, else `<meta>` in the first 4 KiB, else
 * UTF-8 when the bytes are UTF-8 and windows-1252 when they are not (as browsers guess).
 */
export function decodeText(body: Buffer, contentType: string | null): string {
  // iconv-lite strips a BOM that matches the encoding.
  return decode(body, detectCharset(body, contentType));
}

/** The encoding label (as iconv-lite knows it) that `body` should be decoded with. */
export function detectCharset(body: Buffer, contentType: string | null): string {
  return (
    bomCharset(body) ??
    supported(/charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? '')?.[1]) ??
    supported(utf8IfUtf16(metaCharset(body))) ??
    (isUtf8(body) ? 'utf-8' : 'windows-1252')
  );
}

// A BOM is unambiguous, so like the HTML standard it wins over a contradicting header.
function bomCharset(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return undefined;
}

function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, META_SCAN_BYTES).toString('latin1');
  // Covers <meta charset=x> and <meta http-equiv="Content-Type" content="text/html; charset=x">.
  const meta = /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1];
  return meta ?? /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([\w.:-]+)/i.exec(head)?.[1];
}

/**
 * A `<meta>` that could be read as ASCII cannot be right about UTF-16: the HTML standard reads
 * such a page as UTF-8.
 */
function utf8IfUtf16(label: string | undefined): string | undefined {
  return label && /^(utf-16(be|le)?|unicode(fffe)?|ucs-2|iso-10646-ucs-2|csunicode)$/i.test(label.trim())
    ? 'utf-8'
    : label;
}

function supported(label: string | undefined): string | undefined {
  const normalised = label?.trim().toLowerCase();
  if (!normalised) return undefined;
  if (WINDOWS_1252_LABELS.has(normalised)) return 'windows-1252';
  if (normalised in WHATWG_ENCODINGS) return WHATWG_ENCODINGS[normalised];
  return encodingExists(normalised) ? normalised : undefined;
}
