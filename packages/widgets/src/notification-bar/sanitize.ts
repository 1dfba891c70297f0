/**
 * Notification text comes from the server and may carry HTML. Two ways to show it, neither of which ever
 * runs anything:
 *
 * - `markupToText`: the words only, parsed in an inert document (DOMParser documents have no browsing
 *   context: no scripts, no image loads, so `<img onerror>` cannot fire). Used for first paint.
 * - `loadSanitizer`: DOMPurify with a tight allow-list, loaded on demand in its own chunk so the bar's
 *   first download stays small; the sanitised HTML replaces the text once it is ready.
 */

/** Only these tags survive; every attribute except `href` (and the `rel` we add) is removed. */
export const ALLOWED_TAGS: readonly string[] = ['b', 'i', 'em', 'strong', 'a', 'br', 'p', 'ul', 'ol', 'li'];
const ALLOWED_ATTR: readonly string[] = ['href'];

/** True when the text needs an HTML parser at all; plain text skips DOMPurify entirely. */
export function hasMarkup(text: string): boolean {
  return /[<&]/.test(text);
}

export function markupToText(html: string): string {
  if (!hasMarkup(html)) return html;
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Links may go to this site or to any https address; never javascript:, data:, or plain http elsewhere. */
export function isAllowedHref(href: string, base: string = location.href): boolean {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && url.origin === new URL(base).origin;
}

export type Sanitizer = (html: string) => string;

let sanitizer: Promise<Sanitizer> | null = null;

/** DOMPurify, configured once per copy of the bundle, in a private instance (its hooks are per instance). */
export function loadSanitizer(): Promise<Sanitizer> {
  sanitizer ??= import('dompurify').then(({ default: DOMPurify }) => {
    const purify = DOMPurify(window);
    purify.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName !== 'A') return;
      const href = node.getAttribute('href');
      if (href === null || !isAllowedHref(href)) {
        node.removeAttribute('href');
        return;
      }
      // A notice must not hand its page to whatever it links to.
      node.setAttribute('rel', 'noopener noreferrer');
    });
    return (html: string) =>
      purify.sanitize(html, {
        ALLOWED_TAGS: [...ALLOWED_TAGS],
        ALLOWED_ATTR: [...ALLOWED_ATTR],
        ALLOW_DATA_ATTR: false,
        ALLOW_ARIA_ATTR: false,
        RETURN_TRUSTED_TYPE: false,
      });
  });
  // A failed chunk load (offline, a deploy in between) may succeed on the next try.
  sanitizer.catch(() => {
    sanitizer = null;
  });
  return sanitizer;
}
