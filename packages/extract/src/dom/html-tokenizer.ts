import { Token, TokenizerMode, html as spec, type TokenHandler } from 'parse5';
import { decodeHTML, decodeHTMLAttribute } from 'entities';
import { doctypeToken } from './doctype-token';

const { TokenType } = Token;
type Mode = (typeof TokenizerMode)[keyof typeof TokenizerMode];

/** Tag and attribute names: a letter, then anything up to whitespace, `/` or `>` (HTML tokenizer). */
const TAG_NAME = /[a-zA-Z][^\t\n\f />]*/y;
const ATTRIBUTE_SEPARATORS = /[\t\n\f /]*/y;
const ATTRIBUTE_NAME = /[^\t\n\f />][^\t\n\f />=]*/y;
const EQUALS = /[\t\n\f ]*=[\t\n\f ]*/y;
const UNQUOTED_VALUE = /[^\t\n\f >]*/y;
const COMMENT_END = /--!?>/g;

/**
 * The tokenizer half of the HTML standard's parser, feeding parse5's tree construction (the other
 * half). parse5's own tokenizer reads one code point at a time and builds text one character at a
 * time; this one finds each token with `indexOf` and sticky regular expressions, which makes the
 * whole parse several times faster on real pages, where scripts, styles and text are most of the
 * bytes. It follows the standard's states for data, tags, attributes, character references,
 * comments, doctypes, CDATA in foreign content and the RCDATA / RAWTEXT / script / PLAINTEXT text
 * the tree builder switches it to. Not modelled: the script-data escape states (`<!--<script>`
 * inside a script), where a `</script>` ends the script here and not in a browser; and parse
 * errors, which the tree builder does not need.
 */
export class HtmlTokenizer {
  /** Set by the tree builder after the start tag of a text element: how the text after it is read. */
  state: Mode = TokenizerMode.DATA;
  /** Set by the tree builder: the current node is SVG or MathML, where CDATA sections are text. */
  inForeignNode = false;
  private readonly input: string;
  private position = 0;
  private lastStartTag = '';

  constructor(
    html: string,
    private readonly handler: TokenHandler,
  ) {
    // The input stream's newline normalisation.
    this.input = html.includes('\r') ? html.replace(/\r\n?/g, '\n') : html;
  }

  run(): void {
    const length = this.input.length;
    while (this.position < length) {
      if (this.state === TokenizerMode.DATA) this.data();
      else if (this.state === TokenizerMode.PLAINTEXT) {
        this.text(this.input.slice(this.position), false);
        this.position = length;
      } else this.rawText(this.state === TokenizerMode.RCDATA);
    }
    this.handler.onEof({ type: TokenType.EOF, location: null });
  }

  private data(): void {
    const input = this.input;
    const open = input.indexOf('<', this.position);
    const end = open === -1 ? input.length : open;
    if (end > this.position) this.text(input.slice(this.position, end), true);
    this.position = end;
    if (open !== -1) this.markup();
  }

  /** Text up to the end tag of the element that switched the mode, which is read as a tag. */
  private rawText(decode: boolean): void {
    const input = this.input;
    const pattern = endTagPattern(this.lastStartTag);
    pattern.lastIndex = this.position;
    const end = pattern.exec(input)?.index ?? input.length;
    if (end > this.position) this.text(input.slice(this.position, end), decode);
    this.position = end;
    this.state = TokenizerMode.DATA;
  }

  /** At `<`: a tag, comment, doctype or CDATA section, else a literal `<`. */
  private markup(): void {
    const input = this.input;
    const at = this.position;
    const next = input.charCodeAt(at + 1);
    if (next === 33 /* ! */) {
      if (input.startsWith('<!--', at)) this.comment();
      else if (/^<!doctype/i.test(input.slice(at, at + 9))) this.doctype();
      else if (this.inForeignNode && input.startsWith('<![CDATA[', at)) this.cdata();
      else this.bogusComment(at + 2);
    } else if (next === 47 /* / */) {
      const after = input.charCodeAt(at + 2);
      if (isAsciiLetter(after)) this.tag(TokenType.END_TAG);
      else if (after === 62 /* > */) this.position = at + 3;
      else if (Number.isNaN(after)) this.literal('</', at + 2);
      else this.bogusComment(at + 2);
    } else if (next === 63 /* ? */) this.bogusComment(at + 1);
    else if (isAsciiLetter(next)) this.tag(TokenType.START_TAG);
    else this.literal('<', at + 1);
  }

  private tag(type: typeof TokenType.START_TAG | typeof TokenType.END_TAG): void {
    const input = this.input;
    TAG_NAME.lastIndex = this.position + (type === TokenType.START_TAG ? 1 : 2);
    const tagName = nameOf(TAG_NAME.exec(input)![0]);
    let position = TAG_NAME.lastIndex;
    const attrs: Token.Attribute[] = [];
    const names = new Set<string>();
    let selfClosing = false;
    for (;;) {
      ATTRIBUTE_SEPARATORS.lastIndex = position;
      const separators = ATTRIBUTE_SEPARATORS.exec(input)![0];
      position = ATTRIBUTE_SEPARATORS.lastIndex;
      if (position >= input.length) {
        // A tag cut off by the end of the file is dropped.
        this.position = input.length;
        return;
      }
      if (input.charCodeAt(position) === 62 /* > */) {
        selfClosing = separators.endsWith('/');
        break;
      }
      ATTRIBUTE_NAME.lastIndex = position;
      const name = nameOf(ATTRIBUTE_NAME.exec(input)![0]);
      position = ATTRIBUTE_NAME.lastIndex;
      let raw = '';
      EQUALS.lastIndex = position;
      if (EQUALS.exec(input)) {
        position = EQUALS.lastIndex;
        const quote = input[position];
        if (quote === '"' || quote === "'") {
          const close = input.indexOf(quote, position + 1);
          if (close === -1) {
            this.position = input.length;
            return;
          }
          raw = input.slice(position + 1, close);
          position = close + 1;
        } else {
          UNQUOTED_VALUE.lastIndex = position;
          raw = UNQUOTED_VALUE.exec(input)![0];
          position = UNQUOTED_VALUE.lastIndex;
        }
      }
      const value = raw.includes('&') ? decodeHTMLAttribute(raw) : raw;
      // The first of attributes with the same name wins.
      if (!names.has(name)) {
        names.add(name);
        attrs.push({ name, value: nulls(value) });
      }
    }
    this.position = position + 1;
    const token: Token.TagToken = {
      type,
      tagName,
      tagID: spec.getTagID(tagName),
      selfClosing,
      ackSelfClosing: false,
      attrs: type === TokenType.START_TAG ? attrs : [],
      location: null,
    };
    if (type === TokenType.START_TAG) {
      this.lastStartTag = tagName;
      this.handler.onStartTag(token);
    } else this.handler.onEndTag(token);
  }

  private comment(): void {
    const input = this.input;
    const start = this.position + 4;
    // `<!-->` and `<!--->` are empty comments.
    const shortEnd = input.startsWith('>', start) ? 1 : input.startsWith('->', start) ? 2 : 0;
    if (shortEnd > 0) {
      this.emitComment('');
      this.position = start + shortEnd;
      return;
    }
    COMMENT_END.lastIndex = start;
    const end = COMMENT_END.exec(input);
    this.emitComment(input.slice(start, end ? end.index : input.length));
    this.position = end ? COMMENT_END.lastIndex : input.length;
  }

  /** `<!x>`, `<?x>`, `</1>`: a comment holding everything up to the next `>`. */
  private bogusComment(start: number): void {
    const end = this.input.indexOf('>', start);
    this.emitComment(this.input.slice(start, end === -1 ? this.input.length : end));
    this.position = end === -1 ? this.input.length : end + 1;
  }

  private emitComment(data: string): void {
    this.handler.onComment({ type: TokenType.COMMENT, data: nulls(data), location: null });
  }

  private doctype(): void {
    const input = this.input;
    const end = input.indexOf('>', this.position);
    const body = input.slice(this.position + 9, end === -1 ? input.length : end);
    this.position = end === -1 ? input.length : end + 1;
    this.handler.onDoctype({ type: TokenType.DOCTYPE, ...doctypeToken(body, end !== -1), location: null });
  }

  private cdata(): void {
    const start = this.position + 9;
    const end = this.input.indexOf(']]>', start);
    const text = this.input.slice(start, end === -1 ? this.input.length : end);
    if (text) this.text(text, false);
    this.position = end === -1 ? this.input.length : end + 3;
  }

  private literal(text: string, next: number): void {
    this.emitCharacters(TokenType.CHARACTER, text);
    this.position = next;
  }

  /**
   * Text as the tree builder expects it: leading whitespace apart from the rest (several insertion
   * modes treat it differently), NUL characters apart in data and replaced in text elements.
   */
  private text(raw: string, decode: boolean): void {
    if (raw.includes('\0')) {
      if (this.state !== TokenizerMode.DATA) raw = nulls(raw);
      else {
        const parts = raw.split('\0');
        for (let i = 0; i < parts.length; i++) {
          if (i > 0) this.emitCharacters(TokenType.NULL_CHARACTER, '\0');
          if (parts[i]) this.text(parts[i], decode);
        }
        return;
      }
    }
    const text = decode && raw.includes('&') ? decodeHTML(raw) : raw;
    let spaces = 0;
    while (spaces < text.length && isWhitespace(text.charCodeAt(spaces))) spaces++;
    if (spaces > 0) this.emitCharacters(TokenType.WHITESPACE_CHARACTER, text.slice(0, spaces));
    if (spaces < text.length) this.emitCharacters(TokenType.CHARACTER, text.slice(spaces));
  }

  private emitCharacters(type: Token.CharacterToken['type'], chars: string): void {
    const token: Token.CharacterToken = { type, chars, location: null };
    if (type === TokenType.CHARACTER) this.handler.onCharacter(token);
    else if (type === TokenType.WHITESPACE_CHARACTER) this.handler.onWhitespaceCharacter(token);
    else this.handler.onNullCharacter(token);
  }
}

const endTagPatterns = new Map<string, RegExp>();

/** `</name` followed by whitespace, `/` or `>`, in any case: the end of a text element. */
function endTagPattern(name: string): RegExp {
  let pattern = endTagPatterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`</${name.replace(/[^a-z0-9]/g, '\\$&')}[\\t\\n\\f />]`, 'gi');
    endTagPatterns.set(name, pattern);
  }
  return pattern;
}

/** Names are lower-cased in ASCII only; NUL becomes U+FFFD. */
function nameOf(raw: string): string {
  return nulls(/[A-Z]/.test(raw) ? raw.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()) : raw);
}

function nulls(text: string): string {
  return text.includes('\0') ? text.replace(/\0/g, '\uFFFD') : text;
}

function isAsciiLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 9 || code === 12 || code === 13;
}
