/** The queue that runs video jobs; job data `{ jobId }`. */
export const VIDEO_QUEUE = 'video';
/** The queue that delivers their callbacks; job data `{ jobId }`. */
export const VIDEO_CALLBACK_QUEUE = 'video-callback';
