import { encode } from 'iconv-lite';
import { decodeText, detectCharset } from './charset.decoder';

describe('detectCharset', () => {
  const ascii = Buffer.from('<p>plain</p>');

  it.each([
    ['text/html; charset=windows-1252', 'windows-1252'],
    ['text/html; charset="Shift_JIS"', 'shift_jis'],
    ['text/html;charset=ISO-8859-1', 'windows-1252'],
    ['text/plain; charset=us-ascii', 'windows-1252'],
    ['text/html; charset=koi8-r', 'koi8-r'],
    ['text/html; charset=no-such-charset', 'utf-8'],
    ['text/html', 'utf-8'],
  ])('reads %j as %s', (contentType, charset) => expect(detectCharset(ascii, contentType)).toBe(charset));

  it('lets a BOM win over a contradicting header, as the HTML standard does', () => {
    const body = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('é')]);
    expect(detectCharset(body, 'text/html; charset=windows-1252')).toBe('utf-8');
    expect(decodeText(body, 'text/html; charset=windows-1252')).toBe('é');
  });

  it('reads a page whose <meta> says UTF-16 as UTF-8, as the HTML standard does', () => {
    const body = Buffer.from('<meta charset="utf-16"><p>Café</p>', 'utf8');
    expect(detectCharset(body, 'text/html')).toBe('utf-8');
    expect(decodeText(body, 'text/html')).toContain('Café');
  });

  it.each([
    ['iso-8859-9', 'windows-1254', Buffer.from([0x80, 0xfd]), '€ı'],
    ['tis-620', 'windows-874', Buffer.from([0x80, 0xa1]), '€ก'],
    ['x-user-defined', 'windows-1252', Buffer.from([0x80]), '€'],
  ])('reads the label %s as browsers do, as %s', (label, charset, bytes, text) => {
    const body = Buffer.concat([Buffer.from(`<meta charset="${label}"><p>`), bytes]);
    expect(detectCharset(body, 'text/html')).toBe(charset);
    expect(decodeText(body, 'text/html')).toContain(text);
  });

  it('prefers the header over <meta>', () => {
    expect(detectCharset(Buffer.from('<meta charset="koi8-r">'), 'text/html; charset=utf-8')).toBe('utf-8');
  });

  it('reads an XML declaration', () => {
    expect(
      detectCharset(Buffer.from('<?xml version="1.0" encoding="ISO-8859-15"?><rss/>'), 'application/xml'),
    ).toBe('iso-8859-15');
  });

  it('ignores a <meta> beyond the first 4 KiB', () => {
    const body = Buffer.from(`${' '.repeat(4096)}<meta charset="windows-1252">`);
    expect(detectCharset(body, null)).toBe('utf-8');
  });

  it('reads an undeclared body that is not UTF-8 as windows-1252, as browsers guess', () => {
    const latin = Buffer.from('<p>Grüße aus Köln</p>', 'latin1');
    expect(detectCharset(latin, 'text/html')).toBe('windows-1252');
    expect(decodeText(latin, 'text/html')).toBe('<p>Grüße aus Köln</p>');
    expect(decodeText(Buffer.from('<p>Grüße aus Köln</p>'), 'text/html')).toBe('<p>Grüße aus Köln</p>');
  });

  it('decodes Shift_JIS from the header', () => {
    expect(decodeText(encode('日本語', 'shift_jis'), 'text/html; charset=Shift_JIS')).toBe('日本語');
  });
});
