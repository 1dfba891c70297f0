/**
 * The stylesheets an area's release lists (built CSS files, e.g. mini-css-extract's), linked once per page
 * before the area's module is handed to single-spa, each with its SRI hash: the page's CSP admits styles
 * from this origin, and a file that is not the one published is refused like a script would be.
 *
 * A link applies only while an area that lists it is mounted (`holdAreaStyles`): a built CSS file is a
 * global stylesheet, and without that the area's rules would go on styling every page after it left (and,
 * linked by a warm-up load, before it ever came). Off is `media="not all"`: the file is still fetched and
 * checked, and turning it on again costs no request.
 */
import { areaStyles } from '../routes/release-areas';

const MARK = 'data-atrium-area-style';
const OFF = 'not all';
/** How many mounted areas hold each link on. */
const holders = new WeakMap<HTMLLinkElement, number>();

function linked(doc: Document, url: string): HTMLLinkElement | null {
  for (const link of doc.querySelectorAll<HTMLLinkElement>(`link[${MARK}]`))
    if (link.getAttribute(MARK) === url) return link;
  return null;
}

function whenLoaded(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve, reject) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener(
      'error',
      () => {
        // Gone, so a retry links it afresh instead of waiting on a failed element.
        link.remove();
        reject(new Error(`stylesheet ${link.href} failed to load`));
      },
      { once: true },
    );
  });
}

/** Links `module`'s stylesheets (those not linked yet) and resolves once all have loaded; null: it has none. */
export function linkAreaStyles(
  module: string,
  doc: Document = document,
  styles: readonly { url: string; integrity: string }[] = areaStyles(module),
): Promise<void> | null {
  if (styles.length === 0) return null;
  return Promise.all(
    styles.map(({ url, integrity }) => {
      let link = linked(doc, url);
      if (!link) {
        link = doc.createElement('link');
        link.rel = 'stylesheet';
        link.setAttribute('integrity', integrity);
        // CORS mode, so SRI applies to a stylesheet from another origin (an S3 bucket) as well.
        link.setAttribute('crossorigin', 'anonymous');
        link.href = url;
        link.setAttribute(MARK, url);
        if (!holders.get(link)) link.media = OFF;
        doc.head.appendChild(link);
      }
      return whenLoaded(link);
    }),
  ).then(() => undefined);
}

/**
 * Turns `module`'s linked stylesheets on, for as long as it is mounted; the function it returns turns them
 * off again, unless another mounted area still holds them (two areas may list the same file, and a switch
 * mounts the next area before the last one has unmounted).
 */
export function holdAreaStyles(
  module: string,
  doc: Document = document,
  styles: readonly { url: string }[] = areaStyles(module),
): () => void {
  const links = styles.map(({ url }) => linked(doc, url)).filter((link) => link !== null);
  for (const link of links) {
    holders.set(link, (holders.get(link) ?? 0) + 1);
    link.removeAttribute('media');
  }
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    for (const link of links) {
      const left = (holders.get(link) ?? 1) - 1;
      holders.set(link, left);
      if (left === 0) link.media = OFF;
    }
  };
}
