import { parseDocument } from 'yaml';
import { BlogContentError } from './blog-content.error';
import {
  type BlogPostRecord,
  type Citation,
  POST_STATUSES,
  type PostStatus,
  SEARCH_INTENTS,
  type SearchIntent,
} from './blog-post';
import { readingMinutes } from './reading-minutes';

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;
const MAX_SLUG_LENGTH = 200;

/** Every field a post's front matter may hold; any other name is a typo the boot reports. */
const FIELDS = new Set([
  'id',
  'slug',
  'status',
  'title',
  'excerpt',
  'primaryKeyword',
  'searchIntent',
  'cluster',
  'publishedAt',
  'updatedAt',
  'metaTitle',
  'metaDescription',
  'citations',
  'quality',
  'scheduledFor',
  'publicationDate',
  'disclosure',
]);
const CITATION_FIELDS = new Set(['title', 'url', 'publisher', 'accessedAt', 'claim']);

/**
 * Reads one post file: YAML front matter between `---` lines, then the Markdown body. Every field
 * is checked here, so a wrong file stops the boot (or is reported on reload) instead of serving a
 * half-filled post; see the package README for the fields and their defaults.
 */
export function parsePostFile(file: string, text: string): BlogPostRecord {
  const match = FRONT_MATTER.exec(text.replace(/^\uFEFF/, ''));
  if (!match) throw new BlogContentError(file, undefined, 'must start with front matter between --- lines');
  const document = parseDocument(match[1], { uniqueKeys: true });
  if (document.errors.length > 0)
    throw new BlogContentError(file, undefined, `has invalid front matter: ${document.errors[0].message}`);
  const data: unknown = document.toJS();
  if (!isRecord(data)) throw new BlogContentError(file, undefined, 'front matter must be a YAML mapping');
  const unknown = Object.keys(data).find((key) => !FIELDS.has(key));
  if (unknown !== undefined) throw new BlogContentError(file, unknown, 'is not a front matter field');

  const read = new FieldReader(file, data);
  const bodyMarkdown = text.slice(text.indexOf(match[0]) + match[0].length).trim();
  if (bodyMarkdown === '') throw new BlogContentError(file, 'body', 'is empty');
  const title = read.text('title');
  const excerpt = read.text('excerpt');
  const publishedAt = read.time('publishedAt');
  return {
    id: read.matching('id', UUID, 'must be a UUID').toLowerCase(),
    slug: read.slug(),
    status: read.oneOf('status', POST_STATUSES, 'published') as PostStatus,
    title,
    excerpt,
    primaryKeyword: read.text('primaryKeyword'),
    searchIntent: read.oneOf('searchIntent', SEARCH_INTENTS) as SearchIntent,
    cluster: read.text('cluster'),
    readingMinutes: readingMinutes(bodyMarkdown),
    publishedAt,
    updatedAt: read.optional('updatedAt') ? read.time('updatedAt') : publishedAt,
    bodyMarkdown,
    metaTitle: read.optional('metaTitle') ? read.text('metaTitle') : title,
    metaDescription: read.optional('metaDescription') ? read.text('metaDescription') : excerpt,
    citations: read.citations(),
    quality: read.nullable('quality') ? read.mapping('quality') : null,
    scheduledFor: read.nullable('scheduledFor') ? read.time('scheduledFor') : null,
    publicationDate: read.optional('publicationDate')
      ? read.matching('publicationDate', DATE, 'must be a date, YYYY-MM-DD')
      : publishedAt.toISOString().slice(0, 10),
    disclosure: read.nullable('disclosure') ? read.text('disclosure') : null,
  };
}

class FieldReader {
  constructor(
    private readonly file: string,
    private readonly data: Record<string, unknown>,
    private readonly prefix = '',
  ) {}

  /** The field is given (null counts as given, and then fails the field's rule). */
  optional(field: string): boolean {
    return this.data[field] !== undefined;
  }

  /** The field is given and not null. */
  nullable(field: string): boolean {
    return this.data[field] !== undefined && this.data[field] !== null;
  }

  text(field: string): string {
    const value = this.data[field];
    if (value === undefined) throw this.error(field, 'is required');
    if (typeof value !== 'string' || value.trim() === '')
      throw this.error(field, 'must be a non-empty string');
    return value.trim();
  }

  matching(field: string, pattern: RegExp, why: string): string {
    const value = this.text(field);
    if (!pattern.test(value)) throw this.error(field, why);
    return value;
  }

  slug(): string {
    const slug = this.matching(
      'slug',
      SLUG,
      'must be lower-case letters and digits joined by single hyphens',
    );
    if (slug.length > MAX_SLUG_LENGTH)
      throw this.error('slug', `must be at most ${MAX_SLUG_LENGTH} characters`);
    return slug;
  }

  oneOf(field: string, values: readonly string[], fallback?: string): string {
    if (this.data[field] === undefined && fallback !== undefined) return fallback;
    const value = this.text(field);
    if (!values.includes(value)) throw this.error(field, `must be one of ${values.join(', ')}`);
    return value;
  }

  /** An ISO 8601 time with its zone, or a date (midnight UTC). */
  time(field: string): Date {
    const value = this.text(field);
    const iso = DATE.test(value) ? `${value}T00:00:00Z` : value;
    if (!DATE_TIME.test(iso) || Number.isNaN(Date.parse(iso)))
      throw this.error(field, 'must be an ISO 8601 time with a zone (2026-11-20T09:00:00Z) or a date');
    return new Date(iso);
  }

  mapping(field: string): Record<string, unknown> {
    const value = this.data[field];
    if (!isRecord(value)) throw this.error(field, 'must be a mapping or null');
    return value;
  }

  citations(): Citation[] {
    const value = this.data.citations;
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw this.error('citations', 'must be a list');
    return value.map((item, index) => {
      const at = `citations[${index}]`;
      if (!isRecord(item)) throw this.error(at, 'must be a mapping');
      const unknown = Object.keys(item).find((key) => !CITATION_FIELDS.has(key));
      if (unknown !== undefined) throw this.error(`${at}.${unknown}`, 'is not a citation field');
      const citation = new FieldReader(this.file, item, `${this.prefix}${at}.`);
      const url = citation.text('url');
      if (!isHttpUrl(url)) throw this.error(`${at}.url`, 'must be an http(s) URL');
      return {
        title: citation.text('title'),
        url,
        publisher: citation.text('publisher'),
        accessedAt: citation.time('accessedAt').toISOString(),
        claim: citation.text('claim'),
      };
    });
  }

  private error(field: string, why: string): BlogContentError {
    return new BlogContentError(this.file, `${this.prefix}${field}`, why);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}
