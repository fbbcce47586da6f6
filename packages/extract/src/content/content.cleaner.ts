import type { Element } from 'domhandler';
import {
  HEADING_TAGS,
  createElement,
  descendants,
  detach,
  elementChildren,
  firstDescendant,
  hasText,
  isTag,
  isText,
  normalizedText,
  rawText,
  replaceNode,
  type ParentNode,
} from '../dom/html-tree';
import {
  AD_WORDS,
  CAPTION_WITH_CREDIT,
  COMMAS,
  LOADING_WORDS,
  classWeight,
  isLeadParagraph,
  countTags,
  holdsEmbeddedPost,
  isTeaserList,
  textLength,
  textStats,
} from './content-signals';
import { removeTrailingHeadings } from './trailing-headings';

export interface CleanOptions {
  /** Remove lists, tables, divs and forms that look like link farms, galleries or widgets. */
  cleanConditionally: boolean;
  /** The page's titles (metadata title, <title>): a leading heading repeating one is dropped (the title is its own field). */
  titles: Array<string | null>;
}

const SHARE_HINT = /share|sharedaddy/i;
const TEXTISH = new Set([
  'span',
  'li',
  'td',
  'blockquote',
  'dl',
  'div',
  'img',
  'ol',
  'p',
  'pre',
  'table',
  'ul',
]);
const EMBEDS = new Set(['object', 'embed', 'iframe', 'video', 'audio']);
const LISTS = new Set(['ul', 'ol']);
const ITEMS = new Set(['li']);
const PARAGRAPHS = new Set(['p']);
const IMAGES = new Set(['img']);
const INPUTS = new Set(['input']);
const DATA_TABLE_PARTS = new Set(['col', 'colgroup', 'tfoot', 'thead', 'th']);
const TABLES = new Set(['table']);

/** Readability's article preparation: drops what survived scoring but is not content. */
export function cleanContent(article: Element, options: CleanOptions): void {
  const dataTables = markDataTables(article);

  for (const element of descendants(article)) {
    if (!element.parent) continue;
    if (SHARE_HINT.test(element.attribs.class ?? '') || SHARE_HINT.test(element.attribs.id ?? '')) {
      if (textLength(element) < 500) detach(element);
    }
  }

  removeTeaserLists(article);
  removeAuthorBoxes(article);
  removeCaptions(article);

  if (options.cleanConditionally) {
    for (const tag of ['form', 'fieldset', 'table', 'ul', 'ol', 'div'])
      cleanConditionally(article, tag, dataTables);
  }
  cleanHeadings(article, options.titles);
  removeLabelledLinkLists(article);
  removeMetadataElements(article);
  removeBoilerplateBlocks(article);
  removeRepeatedBlocks(article);
  removeTrailingHeadings(article);

  for (const element of descendants(article)) {
    if (!element.parent) continue;
    if (element.name === 'p' && isEmptyParagraph(element)) detach(element);
    else if (element.name === 'table' && !dataTables.has(element) && isSingleCellTable(element))
      unwrapSingleCellTable(element);
  }
}

/** Teaser lists (other stories, related posts) inside the content, as long as the article keeps text of its own. */
function removeTeaserLists(article: Element): void {
  let remaining = textLength(article);
  for (const element of descendants(article)) {
    if (!element.parent || !isTeaserList(element)) continue;
    const length = textLength(element);
    if (remaining - length < Math.max(250, remaining * 0.2)) continue;
    detach(element);
    remaining -= length;
  }
}

/** A link to an author's page: `rel="author"` or an `/author/` path (`/autor/`, `/auteur/`, `/autore/`). */
const AUTHOR_PAGE = /\/(?:author|autor|auteur|autore|autorzy)\//i;
const AUTHOR_BOX_TAGS = new Set(['div', 'section', 'aside']);
/** Room beside the linked name in its own block ("By", "von", a comma). */
const AUTHOR_NAME_SLACK = 4;
/** An author box is a short note: a portrait, the name and a line or two. */
const AUTHOR_BOX_MAX_LENGTH = 600;

/**
 * Author boxes (a portrait, the author's name linked to their page, a short biography) describe
 * the writer, not the story: the smallest block around an author link that also holds an image.
 */
function removeAuthorBoxes(article: Element): void {
  const articleLength = textLength(article);
  for (const link of descendants(article)) {
    if (link.name !== 'a' || !link.parent) continue;
    if (!/(?:^|\s)author(?:\s|$)/i.test(link.attribs.rel ?? '') && !AUTHOR_PAGE.test(link.attribs.href ?? ''))
      continue;
    // The name stands alone (or the link is the portrait); a link inside a sentence is the story's.
    if (textLength(link.parent) > textLength(link) + AUTHOR_NAME_SLACK) continue;
    let node: ParentNode | null = link.parent;
    while (node && node !== article && isTag(node)) {
      if (AUTHOR_BOX_TAGS.has(node.name)) {
        const length = textLength(node);
        if (length > AUTHOR_BOX_MAX_LENGTH || length * 4 > articleLength) break;
        if (firstDescendant(node, (inner) => inner.name === 'img')) {
          detach(node);
          break;
        }
      }
      node = node.parent;
    }
  }
}

/** A class word of an image caption, legend or credit: `wp-caption-text`, `figure__caption`, `img-legend`, `photo-credit`. */
const CAPTION_CLASS = /caption|legend|(?:^|[-_\s])credits?(?:[-_\s]|$)/i;
const MEDIA = new Set(['img', 'picture', 'video', 'iframe', 'blockquote']);

/**
 * Image captions and photo credits describe a picture, not the story: `<figcaption>` and elements
 * whose class names a caption (without the image itself). A gallery whose captions are most of
 * its text keeps them, since there they are the content.
 */
function removeCaptions(article: Element): void {
  const captions = descendants(article).filter(
    (element) =>
      (element.name === 'figcaption' || CAPTION_CLASS.test(element.attribs.class ?? '')) &&
      !firstDescendant(element, (inner) => MEDIA.has(inner.name)),
  );
  const isCaption = new Set(captions);
  const outermost = captions.filter((caption) => !insideAny(caption, isCaption));
  const captionText = outermost.reduce((sum, caption) => sum + textLength(caption), 0);
  if (captionText * 2 > textLength(article)) return;
  for (const caption of outermost) {
    clearAltRepeating(caption);
    detach(caption);
  }
}

/** Shorter alt text ("Town hall") names the picture rather than repeating its caption; it is kept. */
const REPEATED_ALT_MIN = 20;
/** How far above a caption its picture is looked for: the figure or the caption's wrapper. */
const CAPTION_LEVELS = 3;

/** The alt text of the captioned picture, when it repeats the caption, goes with it. */
function clearAltRepeating(caption: Element): void {
  const text = comparable(normalizedText(caption));
  let node = caption.parent;
  for (let level = 0; level < CAPTION_LEVELS && node && isTag(node); level++, node = node.parent) {
    const images = descendants(node).filter((inner) => inner.name === 'img');
    if (images.length === 0) continue;
    for (const image of images) {
      const alt = comparable(image.attribs.alt ?? '');
      if (alt.length >= REPEATED_ALT_MIN && (text.includes(alt) || alt.includes(text)))
        image.attribs.alt = '';
    }
    return;
  }
}

function insideAny(element: Element, ancestors: ReadonlySet<Element>): boolean {
  for (let node = element.parent; node && isTag(node); node = node.parent)
    if (ancestors.has(node)) return true;
  return false;
}

/**
 * Short headings that introduce links to other stories ("More great stories", "Don't miss", "Most
 * read"), in the languages of the pages we read: English, German, French, Spanish, Polish, Italian,
 * Dutch, Portuguese.
 * Matched against `comparable` text (lower case, words separated by single spaces).
 */
const RELATED_PHRASES = [
  'related',
  'more (?:\\p{L}+ ){0,3}(?:stories|news|articles|from|on|like this)',
  'most (?:popular|read|viewed|shared)',
  'trending',
  'recommended',
  'you (?:may|might) (?:also )?like',
  'don ?t miss',
  'read next',
  'up next',
  'see also',
  'also read',
  'further reading',
  'top stories',
  'editor ?s picks',
  'latest (?:news|stories)',
  'mehr (?:zum thema|zu diesem thema|aus|zu|von|über)',
  'weitere (?:\\p{L}+ ){0,2}(?:artikel|beiträge|nachrichten|meldungen|themen|links|informationen|tipps|tourentipps|homestorys|rezepte|produkte|news)',
  'entdecke weitere',
  'ähnliche (?:artikel|beiträge|themen|produkte)',
  'verwandte (?:artikel|beiträge|themen\\p{L}*)',
  'das könnte (?:sie|dich) (?:auch )?interessieren',
  'auch interessant',
  'lesen sie (?:auch|mehr)',
  'zum weiterlesen',
  'weiterführende (?:links|informationen|artikel)',
  'meistgelesen',
  'passend (?:dazu|zum thema)',
  'lire aussi',
  'à lire (?:aussi|également)',
  'sur le même (?:sujet|thème)',
  'articles? (?:similaires|liés)',
  'vous aimerez (?:aussi|également)',
  'à voir aussi',
  'les plus lus',
  'dans la même rubrique',
  'te puede interesar',
  'también te puede interesar',
  '(?:noticias|artículos) relacionad[oa]s',
  'lo más (?:leído|visto)',
  'más noticias',
  'lee también',
  'ver también',
  'czytaj (?:także|też|również)',
  'zobacz (?:także|też|również)',
  'podobne artykuły',
  'najczęściej czytane',
  'polecamy',
  '(?:ti )?potrebbe(?:ro)? (?:anche )?interessarti',
  '(?:articoli|notizie) correlat[ie]',
  'i più letti',
  'altre notizie',
  'lees ook',
  'bekijk ook',
  'meer nieuws',
  'gerelateerde (?:artikelen|berichten)',
  'meest gelezen',
  'leia também',
  'veja também',
  '(?:notícias|artigos|matérias) relacionad[oa]s',
  'mais lid[oa]s',
  'mais notícias',
  'você (?:também )?pode gostar',
].join('|');
const LINK_LIST_HEADING = new RegExp(`(?:^| )(?:${RELATED_PHRASES})(?: |$)`, 'u');
/** A block that is nothing but such a heading, whatever follows it (its links may be gone already). */
const RELATED_LABEL = new RegExp(`^(?:${RELATED_PHRASES})$`, 'u');
const LINK_LIST_BLOCKS = new Set(['ul', 'ol', 'p', 'div', 'dl']);

/** A heading that announces other stories, and the link list right after it. */
function removeLabelledLinkLists(article: Element): void {
  for (const element of descendants(article)) {
    if (!element.parent || !isLabelHeading(element)) continue;
    const text = normalizedText(element);
    if (text.length === 0 || text.length > 60 || !LINK_LIST_HEADING.test(comparable(text))) continue;
    let next = element.next;
    while (next && !isTag(next)) next = next.next;
    if (!next || !isTag(next) || !LINK_LIST_BLOCKS.has(next.name)) continue;
    const stats = textStats(next);
    const links = countTags(next, LINKS);
    if (links < 2 || stats.text === 0 || stats.linkText / stats.text < 0.4 || stats.text > 1500) continue;
    detach(next);
    detach(element);
  }
}

/** A heading, or a paragraph or div of plain or bold text without links (a heading in all but name). */
function isLabelHeading(element: Element): boolean {
  if (HEADING_TAGS.has(element.name)) return true;
  if (element.name !== 'p' && element.name !== 'div') return false;
  return element.children.every(
    (child) =>
      isText(child) ||
      (isTag(child) &&
        (child.name === 'strong' || child.name === 'b' || child.name === 'span') &&
        elementChildren(child).length === 0),
  );
}

const LINKS = new Set(['a']);

/** Microdata that marks a publication date or an author: the byline and dateline, fields of their own. */
const METADATA_ITEMPROP = /(?:^|\s)(?:datePublished|dateModified|dateCreated|author)(?:\s|$)/;

/**
 * Datelines and bylines marked up as microdata, and tag lists made of `rel="tag"` links (with their
 * "Tags:" label, in whatever language: the smallest wrapper whose other text is only that label).
 */
function removeMetadataElements(article: Element): void {
  for (const element of descendants(article)) {
    if (!element.parent) continue;
    if (element.attribs.itemprop && METADATA_ITEMPROP.test(element.attribs.itemprop)) {
      if (
        textLength(element) < 100 &&
        !descendants(element).some((inner) => inner.name === 'p' || inner.name === 'img')
      )
        detach(element);
    } else if (isTagLink(element)) {
      const list = tagListAround(element);
      if (list) detach(list);
    }
  }
}

function isTagLink(element: Element): boolean {
  return element.name === 'a' && /(?:^|\s)tag(?:\s|$)/i.test(element.attribs.rel ?? '');
}

/** The wrapper of at least two tag links with no other text than a label; null for a tag link inside a sentence. */
function tagListAround(link: Element): Element | null {
  let list: Element | null = null;
  let node = link.parent;
  for (let level = 0; level < 4 && node && isTag(node); level++, node = node.parent) {
    let tagText = 0;
    let tagLinks = 0;
    for (const inner of descendants(node)) {
      if (!isTagLink(inner)) continue;
      tagText += textLength(inner);
      tagLinks++;
    }
    if (textLength(node) - tagText > 30) break;
    if (tagLinks >= 2) list = node;
  }
  return list;
}

const MONTHS =
  /^(?:jan|january|feb|february|mar|march|apr|april|may|jun|june|jul|july|aug|august|sep|sept|september|oct|october|nov|november|dec|december)$/;
const DATE_WORDS = new Set([
  'jan',
  'january',
  'feb',
  'february',
  'mar',
  'march',
  'apr',
  'april',
  'may',
  'jun',
  'june',
  'jul',
  'july',
  'aug',
  'august',
  'sep',
  'sept',
  'september',
  'oct',
  'october',
  'nov',
  'november',
  'dec',
  'december',
  'mon',
  'monday',
  'tue',
  'tues',
  'tuesday',
  'wed',
  'wednesday',
  'thu',
  'thur',
  'thurs',
  'thursday',
  'fri',
  'friday',
  'sat',
  'saturday',
  'sun',
  'sunday',
  'am',
  'pm',
  'a',
  'p',
  'm',
  'st',
  'nd',
  'rd',
  'th',
  'updated',
  'published',
  'posted',
  'modified',
  'last',
  'first',
  'on',
  'at',
  'gmt',
  'utc',
  'bst',
  'cet',
  'cest',
  'est',
  'edt',
  'cst',
  'cdt',
  'mst',
  'mdt',
  'pst',
  'pdt',
  'ist',
  'aest',
  'aedt',
]);

/**
 * A dateline and nothing else: "18 Nov 2019, 19:09", "Updated: November 18, 2019 8:22AM EST",
 * "2018-08-16". A bare time ("4:14 p.m.") is a live blog's entry marker and stays.
 */
function isDateOnly(text: string): boolean {
  const words = comparable(text).split(' ');
  let numbers = 0;
  let dated = false;
  for (const word of words) {
    if (/^\d+(?:st|nd|rd|th|am|pm)?$/.test(word)) {
      numbers++;
      if (/^(?:19|20)\d\d$/.test(word)) dated = true;
    } else if (MONTHS.test(word)) dated = true;
    else if (!DATE_WORDS.has(word)) return false;
  }
  return dated && numbers >= 2;
}

/** Pagination: page numbers (links, and the current one) with at most "next"/"previous" arrows. */
function isPageNumbers(element: Element, text: string): boolean {
  if (!/^[\d\s.,|/«»‹›<>…-]+(?:next|previous|prev|›|»)?[\s»›]*$/i.test(text)) return false;
  return countTags(element, LINKS) >= 2;
}

const TAG_LIST =
  /^(?:tags?|tagged|tagged with|topics|categories|category|filed under|schlagw(?:orte|örter)|kategorien?|themen|catégories?|étiquettes|mots[- ]clés|categorías?|etiquetas|tagi|kategorie|argomenti|categori[ae]|trefwoorden|categorieën|onderwerpen|categorias|assuntos|temas)(?=[\s:]|$)/iu;
/** A "Category: News" line without links is no longer than this. */
const CATEGORY_LINE_MAX = 60;
/** A byline, date or credit line, in English, German, French, Spanish, Polish, Italian, Dutch or Portuguese. */
const BYLINE_OR_DATE =
  /^(?:(?:by|posted|updated|published|last updated|written by|photo|image|credit|source)\b|(?:this entry was posted|von|autor(?:in)?|veröffentlicht|veröffentlichung|aktualisiert|erstellt|stand|par|publié|mis à jour|por|publicado|actualizado|opublikowano|aktualizacja|pubblicato|aggiornato|scritto da|gepubliceerd|bijgewerkt|geschreven door|atualizado|escrito por|(?:der|dieser) (?:beitrag|artikel) wurde am)(?=[\s:]).{0,60}\d|(?:fotos?|bild(?:er)?|quelle|bildquelle|crédits? photos?|imagen|fuente|foto ?grafía|zdjęcie|fot|źródło|fonte|bron)\s*:)/iu;
/** A line that declares itself an advertisement: "ANZEIGE - …", "*Werbung. Dieser Beitrag enthält …", "Sponsored: …". */
const AD_DISCLOSURE =
  /^[*([]?\s*(?:anzeige|werbung|advertisement|advertorial|sponsored|gesponsert|publicité|publicidad|reklama|pubblicità|publicidade|advertentie)\s*[-–—:.*)\]]/iu;
/** The site speaking of itself: "our", "we", "this story" (English, German, French, Spanish, Polish, Italian, Dutch, Portuguese). */
const SELF_PROMOTION =
  /(?<!\p{L})(?:our|we|us|this (?:story|article|post)|unser\p{L}*|wir|uns|notre|nos|nous|nuestr[oa]s?|nosotros|tenemos|nasz\p{L}*|nas|nostr[oaie]|noi|ons|onze|wij|noss[oa]s?|nós)(?!\p{L})/iu;
/** Calls to subscribe, follow, join or share, in the same languages. */
const PROMOTION =
  /(?<!\p{L})(?:sign up|signup|subscribe|subscription|newsletter|follow us|follow (?:\p{L}+ ){1,3}on (?:twitter|facebook|instagram|tiktok|youtube|linkedin)|join our|click here|download (?:the|our) app|share it with|send an email with|folgen sie uns|folge uns|abonnieren|jetzt anmelden|vergiss nicht zu teilen|suivez-nous|abonnez-vous|inscrivez-vous|síguenos|suscríbete|únete|obserwuj nas|zapisz się|subskrybuj|seguici|iscriviti|volg ons|schrijf je in|abonneer|siga-nos|nos siga|inscreva-se|assine)(?!\p{L})/iu;
const CAPTION_WITH_CREDIT_MAX_LENGTH = 250;
const BOILERPLATE_BLOCKS = new Set(['p', 'div', 'h2', 'h3', 'h4', 'h5', 'h6', 'section', 'blockquote']);
/** "Related: <link>", "READ MORE: <link>", "See also: <link>": a pointer to another story inside the text. */
const LINK_TEASER =
  /^[[(]?\s*(?:(?:related|read more|see more|see also|also read|read also|more|also|also see|more on this|recommended|must read|read next|don ?t miss|watch|listen|click here)\b|(?:lesen sie (?:hier|auch|mehr)|mehr dazu|mehr zum thema|siehe auch|auch interessant|lire aussi|à lire aussi|voir aussi|à voir aussi|puedes ver|lee también|ver también|te puede interesar|mire|dowiedz się więcej|czytaj (?:także|też|również|więcej)|zobacz (?:także|też|również)|leggi anche|lees ook|lees meer|zie ook|bekijk ook|leia (?:também|mais)|veja também|saiba mais)(?=[\s:»]))[^:»\n]{0,20}[:»]/iu;
/**
 * A block that says nothing but a control or widget label: gallery and caption toggles, "read
 * more", comment and share prompts, "you may also like" and "trending" headings, ad labels.
 */
const WIDGET_LABEL =
  /^(?:caption|hide caption|toggle caption|close|enlarge (?:this )?image|click to enlarge|expand|collapse|less|more|show (?:more|less)|read more|see more|load more|loading(?: content)?|comments?|post (?:a )?comment|leave a (?:comment|reply)|join the conversation|tell us what you think|you (?:may|might) also like|related(?: posts| articles| stories| content)?|recommended(?: for you)?|trending(?: now)?|most (?:popular|read)|don ?t miss|advertisement|advert|ad|subscribe|share(?: this(?: article| story)?)?|print|topics|tags|more stories|read next|up next|also read|see also|follow us|back to top|this slideshow requires javascript|(?:image |photo )?\d+ of \d+|kommentare?|kommentar(?:e)? schreiben|keine kommentare|kommentare insgesamt|über den autor|about the author|à propos de l auteur|sobre el autor|o autorze|zurück zu(?:m|r)? \p{L}+|(?:seite |artikel |beitrag )?teilen|(?:seite |artikel )?drucken|weiterlesen|mehr lesen|mehr erfahren|anzeige|werbung|nach oben|zurück(?: zur übersicht)?|schlagworte|themen|partager(?: cet article)?|imprimer|lire la suite|en savoir plus|publicité|commentaires?|haut de page|compartir|imprimir|leer más|seguir leyendo|publicidad|comentarios?|etiquetas|udostępnij|drukuj|czytaj (?:więcej|dalej)|reklama|komentarze|tagi|commenti|commenta|condividi|stampa|leggi (?:di più|tutto)|continua a leggere|pubblicità|torna su|reacties|reageer|delen|deel dit artikel|printen|lees (?:meer|verder)|advertentie|terug naar boven|comentários|compartilh(?:ar|e)|leia mais|continue lendo|publicidade|voltar ao topo)$/u;
const LIST_OR_TABLE = new Set(['li', 'td', 'th', 'figure', 'blockquote']);

/**
 * Short blocks inside the article that are not its text: a lone link to another story, a byline
 * or timestamp line, a newsletter or follow-us promotion.
 */
function removeBoilerplateBlocks(article: Element): void {
  for (const element of descendants(article)) {
    if (!element.parent) continue;
    if (element.name === 'span' && isInlineLinkCard(element)) {
      detach(element);
      continue;
    }
    if (!BOILERPLATE_BLOCKS.has(element.name) && element.name !== 'li') continue;
    if (descendants(element).some((inner) => BOILERPLATE_BLOCKS.has(inner.name) || inner.name === 'img'))
      continue;
    const text = normalizedText(element);
    if (text.length === 0 || text.length > 1000) continue;
    if (
      (text.length < 50 &&
        (WIDGET_LABEL.test(comparable(text)) ||
          RELATED_LABEL.test(comparable(text)) ||
          isPageNumbers(element, text))) ||
      (text.length < 80 && isDateOnly(text))
    ) {
      detach(element);
      continue;
    }
    if (element.name === 'li') continue;
    if (text.length < METADATA_LINES_MAX && isMetadataLines(element)) {
      detach(element);
      continue;
    }
    const stats = textStats(element);
    const density = stats.text === 0 ? 0 : stats.linkText / stats.text;
    // A tag or category line: its links, or one short "Category: News" line without them.
    if (
      TAG_LIST.test(text) &&
      (density > 0.4 || (text.length < CATEGORY_LINE_MAX && /^[^:]+\s*:/.test(text)))
    ) {
      detach(element);
      continue;
    }
    if (text.length > 300) continue;
    const linkOnly = density > 0.9 && text.length < 200 && !hasAncestorNamed(element, LIST_OR_TABLE);
    const bylineOrDate = text.length < 120 && BYLINE_OR_DATE.test(text);
    const caption = text.length < CAPTION_WITH_CREDIT_MAX_LENGTH && CAPTION_WITH_CREDIT.test(text);
    const adDisclosure = AD_DISCLOSURE.test(text);
    // Without a link, only when the site speaks of itself ("our newsletter", "we send", "share it with a friend").
    const promotion =
      PROMOTION.test(text) && (density > 0 || (text.length < 200 && SELF_PROMOTION.test(text)));
    const label = LINK_TEASER.exec(text);
    const linkTeaser =
      label !== null && stats.text > label[0].length && stats.linkText / (stats.text - label[0].length) > 0.7;
    if (linkOnly || bylineOrDate || caption || adDisclosure || promotion || linkTeaser) detach(element);
  }
}

/** A block of metadata lines (date, category, byline) is short. */
const METADATA_LINES_MAX = 160;

/** A block of lines broken by `<br>` that are each a date, a byline or a "Category: News" line. */
function isMetadataLines(element: Element): boolean {
  if (!element.children.some((child) => isTag(child) && child.name === 'br')) return false;
  const lines: string[] = [''];
  for (const child of element.children) {
    if (isTag(child) && child.name === 'br') lines.push('');
    else lines[lines.length - 1] += ` ${normalizedText(child)}`;
  }
  const shown = lines.map((line) => line.trim()).filter(Boolean);
  return (
    shown.length > 1 &&
    shown.every(
      (line) =>
        isDateOnly(line) ||
        (line.length < 120 && BYLINE_OR_DATE.test(line)) ||
        (line.length < CATEGORY_LINE_MAX && TAG_LIST.test(line)),
    )
  );
}

const TEXT_BLOCKS = new Set([
  'p',
  'div',
  'li',
  'figcaption',
  'blockquote',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'dd',
  'dt',
  'caption',
]);

/** Galleries and "read more" captions repeat a caption already shown: keep its first occurrence only. */
/** A hover card inside a sentence: several links and nothing else. */
function isInlineLinkCard(span: Element): boolean {
  if (!hasAncestorNamed(span, PARAGRAPHS)) return false;
  if (descendants(span).filter((inner) => inner.name === 'a').length < 3) return false;
  const stats = textStats(span);
  return stats.text > 50 && stats.linkText / stats.text > 0.95;
}

function removeRepeatedBlocks(article: Element): void {
  const seen: string[] = [];
  const seenSet = new Set<string>();
  for (const element of descendants(article)) {
    if (!element.parent || !TEXT_BLOCKS.has(element.name)) continue;
    if (descendants(element).some((inner) => TEXT_BLOCKS.has(inner.name)) || !isCaptionLike(element))
      continue;
    const text = comparable(normalizedText(element)).replace(/ (more|less)$/, '');
    if (text.length < 40) continue;
    if (seenSet.has(text) || seen.some((earlier) => earlier.startsWith(text))) {
      detach(element);
      continue;
    }
    seen.push(text);
    seenSet.add(text);
  }
}

function isCaptionLike(element: Element): boolean {
  let node: Element | null = element;
  for (let level = 0; level < 4 && node; level++) {
    if (
      node.name === 'figure' ||
      node.name === 'figcaption' ||
      /caption|gallery|slide|photo|image|media/i.test(node.attribs.class ?? '')
    )
      return true;
    node = node.parent && isTag(node.parent) ? node.parent : null;
  }
  return false;
}

function cleanHeadings(article: Element, titles: Array<string | null>): void {
  const comparableTitles = titles.map((title) => (title ? comparable(title) : '')).filter(Boolean);
  // Text seen before the heading: a dateline or a kicker above the title does not count.
  let seenText = false;
  let textBefore = 0;
  for (const element of descendants(article)) {
    if (!element.parent) continue;
    if (HEADING_TAGS.has(element.name)) {
      if ((element.name === 'h1' || element.name === 'h2') && classWeight(element) < 0) {
        detach(element);
        continue;
      }
      if (!seenText && (element.name === 'h1' || element.name === 'h2')) {
        const heading = comparable(normalizedText(element));
        if (heading && comparableTitles.some((title) => repeatsTitle(heading, title))) {
          detach(element);
          continue;
        }
      }
    } else if (element.name === 'p' && hasText(element)) {
      textBefore += textLength(element);
      seenText = textBefore >= 100;
    }
  }
}

/**
 * A headline and the page title are often worded apart ("HS Roundup" for "High School Roundup",
 * a site name appended): they repeat each other when most of their words are shared (Dice > 0.5).
 */
function repeatsTitle(heading: string, title: string): boolean {
  if (heading === title) return true;
  const headingWords = new Set(heading.split(' '));
  const titleWords = new Set(title.split(' '));
  let shared = 0;
  for (const word of headingWords) if (titleWords.has(word)) shared++;
  return (2 * shared) / (headingWords.size + titleWords.size) > 0.5;
}

function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function markDataTables(article: Element): Set<Element> {
  const dataTables = new Set<Element>();
  for (const table of descendants(article)) {
    if (table.name === 'table' && isDataTable(table)) dataTables.add(table);
  }
  return dataTables;
}

function isDataTable(table: Element): boolean {
  if (table.attribs.role === 'presentation' || table.attribs.datatable === '0') return false;
  if (table.attribs.summary) return true;
  const inner = descendants(table);
  if (inner.some((element) => element.name === 'caption' && element.children.length > 0)) return true;
  if (inner.some((element) => DATA_TABLE_PARTS.has(element.name))) return true;
  if (inner.some((element) => element.name === 'table')) return false;
  const rows = inner.filter((element) => element.name === 'tr');
  let columns = 0;
  for (const row of rows) {
    let cells = 0;
    for (const cell of elementChildren(row))
      if (cell.name === 'td' || cell.name === 'th') cells += Number(cell.attribs.colspan) || 1;
    columns = Math.max(columns, cells);
  }
  if (rows.length >= 10 || columns > 4) return true;
  return rows.length * columns > 10;
}

function isInsideDataTable(element: Element, dataTables: Set<Element>): boolean {
  let node = element.parent;
  while (node && isTag(node)) {
    if (node.name === 'table') return dataTables.has(node);
    node = node.parent;
  }
  return false;
}

function hasAncestorNamed(element: Element, names: ReadonlySet<string>): boolean {
  let node = element.parent;
  while (node && isTag(node)) {
    if (names.has(node.name)) return true;
    node = node.parent;
  }
  return false;
}

const CODE = new Set(['code', 'pre']);
const FIGURE = new Set(['figure']);

function cleanConditionally(article: Element, tag: string, dataTables: Set<Element>): void {
  const elements = descendants(article).filter((element) => element.name === tag);
  for (let i = elements.length - 1; i >= 0; i--) {
    const element = elements[i];
    if (!element.parent) continue;
    if (tag === 'table' && dataTables.has(element)) continue;
    if (isInsideDataTable(element, dataTables) || hasAncestorNamed(element, CODE)) continue;
    // A standfirst set as a sentence-long heading has no paragraph text, but it is the story's lead.
    if (shouldRemove(element, tag) && !holdsEmbeddedPost(element) && !isLeadParagraph(element))
      detach(element);
  }
}

function shouldRemove(element: Element, tag: string): boolean {
  const weight = classWeight(element);
  if (weight < 0) return true;
  const text = normalizedText(element);
  if ((text.match(COMMAS)?.length ?? 0) >= 10) return false;

  let isList = LISTS.has(tag);
  if (!isList) {
    let listLength = 0;
    for (const list of descendants(element)) if (LISTS.has(list.name)) listLength += textLength(list);
    isList = text.length > 0 && listLength / text.length > 0.9;
  }
  const paragraphs = countTags(element, PARAGRAPHS);
  const images = countTags(element, IMAGES);
  const items = countTags(element, ITEMS) - 100;
  const inputs = countTags(element, INPUTS);
  const embeds = countTags(element, EMBEDS);
  const headingDensity = densityOf(element, HEADING_TAGS, text.length);
  const textDensity = densityOf(element, TEXTISH, text.length);
  const isFigureChild = hasAncestorNamed(element, FIGURE);

  if (AD_WORDS.test(text) || LOADING_WORDS.test(text)) return true;

  const stats = textStats(element);
  const density = stats.text === 0 ? 0 : stats.linkText / stats.text;
  const remove =
    (!isFigureChild && images > 1 && paragraphs / images < 0.5) ||
    (!isList && items > paragraphs) ||
    inputs > Math.floor(paragraphs / 3) ||
    (!isList &&
      !isFigureChild &&
      headingDensity < 0.9 &&
      text.length < 25 &&
      (images === 0 || images > 2) &&
      density > 0) ||
    (!isList && weight < 25 && density > 0.2) ||
    (weight >= 25 && density > 0.5) ||
    (embeds === 1 && text.length < 75) ||
    embeds > 1 ||
    (images === 0 && textDensity === 0 && !isSetAsHeadings(element, headingDensity));

  if (isList && !remove && isLinkList(element, density)) return true;
  if (isList && remove) {
    for (const child of elementChildren(element)) if (elementChildren(child).length > 1) return remove;
    if (images === countTags(element, ITEMS)) return false;
  }
  return remove;
}

/** Headings this long are sentences (a quote, a summary), not a widget's label ("More from us"). */
const SENTENCE_HEADING_MIN_TEXT = 100;

/** A block whose text is all in headings, one of them sentence-long: text set large, not a widget label. */
function isSetAsHeadings(element: Element, headingDensity: number): boolean {
  return (
    headingDensity > 0.9 &&
    firstDescendant(
      element,
      (inner) => HEADING_TAGS.has(inner.name) && textLength(inner) >= SENTENCE_HEADING_MIN_TEXT,
    ) !== null
  );
}

/** A list of short link items: "more news", tag clouds, "see also" teasers. */
function isLinkList(list: Element, density: number): boolean {
  if (density < 0.6 || !LISTS.has(list.name)) return false;
  const items = elementChildren(list).filter((child) => child.name === 'li');
  if (items.length === 0) return false;
  const average = items.reduce((sum, item) => sum + textLength(item), 0) / items.length;
  return average < 100;
}

/** Share of `element`'s text that sits inside descendants named in `names`. */
function densityOf(element: Element, names: ReadonlySet<string>, total: number): number {
  if (total === 0) return 0;
  let inside = 0;
  const stack: Element[] = elementChildren(element);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (names.has(node.name)) inside += textLength(node);
    else stack.push(...elementChildren(node));
  }
  return inside / total;
}

function isEmptyParagraph(paragraph: Element): boolean {
  if (rawText(paragraph).trim().length > 0) return false;
  return !descendants(paragraph).some((element) => element.name === 'img' || EMBEDS.has(element.name));
}

function isSingleCellTable(table: Element): boolean {
  if (descendants(table).some((element) => TABLES.has(element.name))) return false;
  const rows = descendants(table).filter((element) => element.name === 'tr');
  if (rows.length !== 1) return false;
  return elementChildren(rows[0]).filter((cell) => cell.name === 'td' || cell.name === 'th').length === 1;
}

function unwrapSingleCellTable(table: Element): void {
  const cell = descendants(table).find((element) => element.name === 'td' || element.name === 'th');
  if (cell) replaceNode(table, createElement('div', [...cell.children]));
}
