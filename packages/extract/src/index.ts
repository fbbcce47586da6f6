export { extract } from './extract';
export { parsePage, type PageInput, type ParsedPage } from './dom/parsed-page';
export { ExtractError } from './extract-error';
export type { ExtractOptions, ExtractResult } from './extract.types';
export { showsSignInForm } from './content/sign-in-form';
export { selectedText, selectorError, visibleText, type SelectedText } from './text/page-text';
export { pageLinks, type PageLinks } from './links/page-links';
