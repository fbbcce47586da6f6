export { extract } from './extract';
export { ExtractError } from './extract-error';
export type { ExtractOptions, ExtractResult } from './extract.types';
export { showsSignInForm } from './content/sign-in-form';
