import { InvalidRequestError, patternRefusal } from '@quarry/core';
import { selectorError } from '@quarry/extract';
import type { PageTextRequest, ScrapeOutcome } from '@quarry/scrape';
import { normalizeMarkdown } from './markdown-fingerprint';

/** What of the page a monitor compares: its extracted main content, all its visible text, or a selector's elements. */
export type MonitorScope = 'content' | 'page' | 'selector';
export const MONITOR_SCOPES: readonly MonitorScope[] = ['content', 'page', 'selector'];
export const MAX_TRIGGER_LENGTH = 200;
/** Patterns of `ignore` a monitor may have, and the longest one. */
export const MAX_IGNORE_PATTERNS = 20;
export const MAX_PATTERN_LENGTH = 200;
export const MAX_SELECTOR_LENGTH = 500;

/** How a monitor reads its page and when a change is worth a notification. */
export interface Watch {
  scope: MonitorScope;
  /** The CSS selector of scope `selector`; null otherwise. */
  selector: string | null;
  /** Regular expressions: lines matching any are left out of the comparison. */
  ignore: string[];
  /** Notify only when the new text contains this; null notifies every change. */
  trigger: string | null;
}

/** 400 naming the field for a watch that cannot work. */
export function assertWatch(watch: Watch): void {
  const refuse = (field: string, reason: string): never => {
    throw new InvalidRequestError(`The ${field} cannot be used.`, { [field]: reason });
  };
  if (watch.scope === 'selector') {
    if (watch.selector === null) refuse('selector', 'is required with scope "selector"');
    if (watch.selector!.length > MAX_SELECTOR_LENGTH)
      refuse('selector', `must be at most ${MAX_SELECTOR_LENGTH} characters`);
    const error = selectorError(watch.selector!);
    if (error) refuse('selector', `is not a CSS selector: ${error}`);
  } else if (watch.selector !== null) refuse('selector', 'is only used with scope "selector"');
  if (watch.trigger !== null && watch.trigger.length > MAX_TRIGGER_LENGTH)
    refuse('trigger', `must be at most ${MAX_TRIGGER_LENGTH} characters`);
  if (watch.ignore.length > MAX_IGNORE_PATTERNS)
    refuse('ignore', `must hold at most ${MAX_IGNORE_PATTERNS} patterns`);
  watch.ignore.forEach((pattern, index) => {
    const refusal = patternRefusal(pattern, { maxLength: MAX_PATTERN_LENGTH });
    if (refusal) refuse(`ignore[${index}]`, refusal);
  });
}

/** What the scrape must read besides the main content for this watch. */
export function textRequest(watch: Watch): PageTextRequest | undefined {
  if (watch.scope === 'page') return { scope: 'page' };
  if (watch.scope === 'selector') return { scope: 'selector', selector: watch.selector! };
  return undefined;
}

/**
 * The normalised text a check compares, lines matching an `ignore` pattern left out; undefined
 * when the selector matched nothing on the page.
 */
export function watchedText(watch: Watch, { result, text }: ScrapeOutcome): string | undefined {
  if (watch.scope !== 'content' && (!text || text.matched === 0)) return undefined;
  const normalized = normalizeMarkdown(watch.scope === 'content' ? result.markdown : text!.text);
  if (watch.ignore.length === 0) return normalized;
  const patterns = watch.ignore.map((pattern) => new RegExp(pattern));
  return normalizeMarkdown(
    normalized
      .split('\n')
      .filter((line) => !patterns.some((pattern) => pattern.test(line)))
      .join('\n'),
  );
}

/** Whether a change to `text` is to be notified. */
export const triggers = (watch: Watch, text: string) =>
  watch.trigger === null || text.includes(watch.trigger);
