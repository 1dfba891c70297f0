/**
 * A signed-in page the server rendered (the server's html/signed-in-page.ts): the shell's
 * container arrives with the shell's markup in it, marked, and a stylesheet with every rule that markup
 * uses, inline. The shell hydrates that markup (index.ts) and the route's area its own part (AreaParcel);
 * once the area has mounted, or something else stands in its place, the app has adopted every stylesheet
 * it uses and the page's copy goes, with the marker.
 */
import { replayHeldPresses } from '@atrium/widgets/presses';
import { PRERENDERED_ATTR } from './server-render';
import { shellElement } from './shell-element';

const SERVER_STYLE = 'style[data-atrium-shell-frame]';

/** Whether the shell's container holds the server's markup, not yet hydrated. */
export function hasServerScreen(doc: Document | undefined = globalThis.document): boolean {
  return !!doc?.getElementById('atrium-shell')?.hasAttribute(PRERENDERED_ATTR);
}

/**
 * The shell's first screen is complete: the server's stylesheet and marker go (idempotent), and what was
 * pressed on the drawn page meanwhile is carried out (the page's press capture, @atrium/widgets/presses).
 * The replay waits a task: this runs in the commit's effects, and the ones after it (the toolbar's
 * shortcut listener) must be in place first.
 */
export function finishServerScreen(doc: Document | undefined = globalThis.document): void {
  if (!doc) return;
  doc.querySelectorAll(SERVER_STYLE).forEach((style) => style.remove());
  if (hasServerScreen(doc)) shellElement(doc).removeAttribute(PRERENDERED_ATTR);
  const win = doc.defaultView;
  if (win) {
    setTimeout(() => {
      replayHeldPresses(win).catch((error: unknown) => console.error('[atrium] press-replay-failed', error));
    }, 0);
  }
}
