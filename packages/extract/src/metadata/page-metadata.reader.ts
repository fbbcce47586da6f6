import type { Document, Element } from 'domhandler';
import { collapseWhitespace, descendants, normalizedText, rawText } from '../dom/html-tree';

export interface PageMetadata {
  title: string | null;
  /** The <title> text, used to recognise a heading that repeats it. */
  documentTitle: string | null;
  /** The first `<base href>`, as written. */
  baseHref?: string;
  language?: string;
  byline?: string;
  publishedAt?: string;
  /** JSON-LD `articleBody`: the story's text as the page declares it (the longest one given). */
  articleBody?: string;
}

interface LinkedData {
  headline?: string;
  author?: string;
  datePublished?: string;
  inLanguage?: string;
  articleBody?: string;
}

const ARTICLE_TYPES = /article|posting|report|blog|news|webpage|recipe|review|howto/i;

/** Reads title, language, author, publication time and base URL from <head> meta tags, JSON-LD, <html lang> and <base>. */
export function readPageMetadata(document: Document): PageMetadata {
  const meta = new Map<string, string>();
  const linkedData: LinkedData = {};
  let documentTitle: string | null = null;
  let language: string | undefined;
  let firstH1: string | null = null;
  let authorLink: string | undefined;
  let timeElement: string | undefined;
  let baseHref: string | undefined;

  for (const element of descendants(document)) {
    switch (element.name) {
      case 'html':
        language ??= element.attribs.lang || element.attribs['xml:lang'] || undefined;
        break;
      case 'meta':
        collectMeta(element, meta);
        break;
      case 'base':
        baseHref ??= element.attribs.href;
        break;
      case 'title':
        documentTitle ??= collapseWhitespace(rawText(element)) || null;
        break;
      case 'h1':
        firstH1 ??= normalizedText(element) || null;
        break;
      case 'a':
        if (!authorLink && element.attribs.rel === 'author')
          authorLink = normalizedText(element) || undefined;
        break;
      case 'time':
        if (
          !timeElement &&
          (element.attribs.pubdate !== undefined || /publish/i.test(element.attribs.class ?? ''))
        )
          timeElement = element.attribs.datetime;
        break;
      case 'script':
        if ((element.attribs.type ?? '').toLowerCase() === 'application/ld+json')
          readLinkedData(rawText(element), linkedData);
        break;
    }
  }

  const title =
    meta.get('og:title') ||
    meta.get('twitter:title') ||
    linkedData.headline ||
    cleanDocumentTitle(documentTitle, firstH1) ||
    firstH1 ||
    null;
  const byline = meta.get('author') || linkedData.author || meta.get('article:author') || authorLink;
  const publishedAt = toIsoDate(
    meta.get('article:published_time') ||
      linkedData.datePublished ||
      meta.get('datepublished') ||
      meta.get('date') ||
      meta.get('dc.date') ||
      meta.get('dc.date.issued') ||
      meta.get('pubdate') ||
      meta.get('publishdate') ||
      meta.get('og:published_time') ||
      timeElement,
  );
  language ??=
    meta.get('content-language') || linkedData.inLanguage || meta.get('og:locale')?.replace('_', '-');

  return {
    title: title ? collapseWhitespace(title) : null,
    documentTitle,
    ...(baseHref !== undefined ? { baseHref } : {}),
    language: language ? language.trim().split(/[\s,;]/)[0] || undefined : undefined,
    byline: byline && !/^https?:\/\//.test(byline) ? collapseWhitespace(byline).slice(0, 200) : undefined,
    publishedAt,
    ...(linkedData.articleBody ? { articleBody: linkedData.articleBody } : {}),
  };
}

function collectMeta(element: Element, meta: Map<string, string>): void {
  const content = element.attribs.content;
  if (content === undefined) return;
  const key = (
    element.attribs.property ||
    element.attribs.name ||
    element.attribs['http-equiv'] ||
    element.attribs.itemprop ||
    ''
  )
    .trim()
    .toLowerCase();
  if (key && !meta.has(key) && content.trim()) meta.set(key, content.trim());
}

function readLinkedData(json: string, into: LinkedData): void {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return;
  }
  const queue: unknown[] = [data];
  for (let guard = 0; queue.length > 0 && guard < 200; guard++) {
    const item = queue.shift();
    if (Array.isArray(item)) {
      queue.push(...item);
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    if (Array.isArray(record['@graph'])) queue.push(...record['@graph']);
    const type = String(record['@type'] ?? '');
    if (!ARTICLE_TYPES.test(type)) continue;
    if (!into.headline && typeof record.headline === 'string') into.headline = record.headline;
    if (!into.datePublished && typeof record.datePublished === 'string')
      into.datePublished = record.datePublished;
    if (!into.inLanguage && typeof record.inLanguage === 'string') into.inLanguage = record.inLanguage;
    if (!into.author) into.author = authorName(record.author);
    if (typeof record.articleBody === 'string' && record.articleBody.length > (into.articleBody?.length ?? 0))
      into.articleBody = record.articleBody;
  }
}

function authorName(author: unknown): string | undefined {
  const list = Array.isArray(author) ? author : [author];
  const names = list
    .map((a) =>
      typeof a === 'string'
        ? a
        : a && typeof a === 'object'
          ? (a as Record<string, unknown>).name
          : undefined,
    )
    .filter((name): name is string => typeof name === 'string' && name.trim().length > 0);
  return names.length > 0 ? names.join(', ') : undefined;
}

/** Drops a " | Site name" style suffix or prefix from <title>, the way Readability does. */
function cleanDocumentTitle(title: string | null, h1: string | null): string | null {
  if (!title) return null;
  if (h1 && title.includes(h1)) return h1;
  const parts = title.split(/\s[|\-–—\\/>»·]\s/);
  if (parts.length < 2) return title;
  const longest = parts.reduce((a, b) => (b.length > a.length ? b : a));
  return longest.split(/\s+/).length >= 3 ? longest : title;
}

function toIsoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value.trim());
  if (Number.isNaN(time)) return undefined;
  const year = new Date(time).getUTCFullYear();
  return year >= 1990 && year <= 2200 ? new Date(time).toISOString() : undefined;
}
