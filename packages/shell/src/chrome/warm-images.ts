/**
 * Images loaded and decoded ahead of the screen that shows them.
 *
 * An SVG image is a small document of its own: the first time a page shows one, the browser parses it and
 * sets it up on the main thread (traced at 4x CPU: about 14 ms for the top bar's logo, inside the frame that
 * first shows home after a sign-in). Loaded by an image element before the sign-in, that work happens
 * while the person types; the shell's own element then finds the image ready in the page's memory cache.
 */

/** The elements that hold the images: an image no element uses may be dropped, and set up again later. */
const held = new Map<string, HTMLImageElement>();

/**
 * Loads and decodes each URL once per page (a task per image, as the browser schedules them). Resolves when
 * all are done; an image that fails is simply not ready, and the screen loads it as before.
 */
export async function warmImages(
  urls: readonly string[],
  createImage: () => HTMLImageElement = () => new Image(),
): Promise<void> {
  await Promise.all(
    urls.map(async (url) => {
      if (held.has(url)) return;
      const image = createImage();
      image.decoding = 'async';
      image.src = url;
      held.set(url, image);
      try {
        await image.decode();
      } catch {
        // Not decodable now (offline, gone): the element that shows it will say so, not this.
        held.delete(url);
      }
    }),
  );
}

/** For tests: forget the held images. */
export function releaseWarmImages(): void {
  held.clear();
}
