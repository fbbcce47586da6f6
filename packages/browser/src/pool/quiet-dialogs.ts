import type { Dialog, Page } from 'puppeteer-core';

// An in-page script, as source text so that no compiler helper ever ends up in the page.
const NO_PRINT = `window.print = () => undefined;`;

/**
 * Keeps a page from stopping at a dialog for good: `alert`, `confirm` and `prompt` are dismissed as
 * they open (a confirm answers false, a prompt null), a `beforeunload` one is accepted so the page
 * can be left, and `window.print` does nothing, in every document and frame the page loads.
 */
export async function quietDialogs(page: Page): Promise<void> {
  page.on('dialog', (dialog: Dialog) => {
    const answer = dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss();
    void answer.catch(() => undefined);
  });
  await page.evaluateOnNewDocument(NO_PRINT);
}
