// An in-page script, as source text so that no compiler helper ever ends up in the page.

/**
 * Resolves once the document's `load` event has fired, its web fonts are ready, the images in the
 * viewport that were still loading (e.g. added by load handlers) are decoded or failed, and a frame
 * was drawn after that (so requests started by load handlers have been announced).
 */
export const SETTLED = `new Promise((resolve) => {
  const frames = () => requestAnimationFrame(() => resolve(true));
  const inView = (image) => {
    const rect = image.getBoundingClientRect();
    return rect.bottom > 0 && rect.right > 0 && rect.top < innerHeight && rect.left < innerWidth;
  };
  const images = () => Promise.all(Array.from(document.images).filter((image) => !image.complete && inView(image)).map((image) => image.decode().catch(() => undefined)));
  const settle = () => (document.fonts ? document.fonts.ready : Promise.resolve()).then(images).then(frames, frames);
  if (document.readyState === 'complete') settle();
  else addEventListener('load', settle, { once: true });
})`;
