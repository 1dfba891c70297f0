/**
 * DOMPurify with the notification bar's allow-list, for browsers without the HTML Sanitizer API: a chunk of
 * its own that sanitize.ts imports on demand (`loadFallbackSanitizer`), so its configuration stays out of
 * the widgets entry along with the library. The allow-list is handed in rather than imported, so this chunk
 * does not pull sanitize.ts out of the entry's scope.
 */
import DOMPurify from 'dompurify';

/** A private DOMPurify instance; its output is TrustedHTML where the browser has Trusted Types. */
export function purifier(
  allowedTags: readonly string[],
  allowedAttributes: readonly string[],
): (html: string) => string | TrustedHTML {
  const purify = DOMPurify(window);
  return (html) =>
    purify.sanitize(html, {
      ALLOWED_TAGS: [...allowedTags],
      FORBID_TAGS: ['base'],
      ALLOWED_ATTR: [...allowedAttributes],
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      RETURN_TRUSTED_TYPE: true,
    });
}
