/**
 * A signed-in page the server rendered (the server's html/signed-in-page.ts): the shell's
 * container arrives with the shell's markup in it, marked, and a stylesheet with every rule that markup
 * uses, inline. The shell hydrates that markup (index.ts) and the route's area its own part (AreaParcel);
 * once the area has mounted, or something else stands in its place, the app has adopted every stylesheet
 * it uses and the page's copy goes, with the marker.
 */
import { PRERENDERED_ATTR } from './server-render';
import { shellElement } from './shell-element';

const SERVER_STYLE = 'style[data-atrium-shell-frame]';

/** Whether the shell's container holds the server's markup, not yet hydrated. */
export function hasServerScreen(doc: Document | undefined = globalThis.document): boolean {
  return !!doc?.getElementById('atrium-shell')?.hasAttribute(PRERENDERED_ATTR);
}

/** The shell's first screen is complete: the server's stylesheet and marker go (idempotent). */
export function finishServerScreen(doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  doc.querySelectorAll(SERVER_STYLE).forEach((style) => style.remove());
  if (hasServerScreen(doc)) shellElement(doc).removeAttribute(PRERENDERED_ATTR);
}
