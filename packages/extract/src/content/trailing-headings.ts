import type { Element } from 'domhandler';
import { detach, HEADING_TAGS, isTag, isText, type AnyNode } from '../dom/html-tree';

/**
 * Headings at the end of the content with nothing after them but other headings: the labels of
 * widgets ("more stories", "latest news") whose lists are gone. A heading introduces what follows
 * it; with nothing to introduce it is not part of the story. Content that is only headings stays.
 */
export function removeTrailingHeadings(article: Element): void {
  const trailing: Element[] = [];
  // The content's nodes from last to first, a heading taken whole, up to the last text or image.
  const stack: AnyNode[] = [...article.children];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isText(node) ? node.data.trim() !== '' : isTag(node) && node.name === 'img') {
      for (const heading of trailing) detach(heading);
      return;
    }
    if (!isTag(node)) continue;
    if (HEADING_TAGS.has(node.name)) trailing.push(node);
    else stack.push(...node.children);
  }
}
