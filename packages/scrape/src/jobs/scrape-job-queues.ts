/** The queue that runs async scrapes; job data `{ jobId }`. */
export const SCRAPE_QUEUE = 'scrape';
/** The queue that delivers their callbacks; job data `{ jobId }`. */
export const SCRAPE_CALLBACK_QUEUE = 'scrape-callback';
