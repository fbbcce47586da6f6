/** The dashboard's icon, served at `<basePath>/assets/favicon.svg`, so browsers ask for no `/favicon.ico`. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0b57d0"/><path d="M16 6 26 24H6z" fill="#fff"/></svg>`;
