/**
 * The other half of the press capture (press-capture.ts): once a drawn page is live, its held presses are
 * carried out, once each, in the order they were made. Called by whoever makes the page live: the shell
 * once its first screen is complete (server-screen.ts), the widgets' script once its elements are defined
 * (atrium-widgets.ts). Without a capture in the page (a page the server did not draw), nothing happens.
 *
 * - A held click is carried out on the button it was aimed at: the same element when it is still in the
 *   document (React hydrated it in place); for a button drawn in a declarative shadow root, which the
 *   element's first render replaces (the notification bar's Dismiss), the button in the same place of the
 *   rendered root: same tag, class and accessible name. A press whose button is gone (a page that was
 *   rendered afresh, a notice that is no longer there) or now disabled is dropped.
 * - A held Ctrl+Shift+A is dispatched again as a keydown, where the toolbar's listener hears it.
 * The capture ends first, so no press is seen by both; and the held button's busy state goes before its
 * press is carried out (the handler may set its own).
 */
import { HELD_ATTR, PRESSES_GLOBAL } from './press-capture.js';
import type { HeldClick, HeldPress, PressCapture } from './press-capture.js';

type PressWindow = Window & { [PRESSES_GLOBAL]?: PressCapture };

/** What became of the held presses: carried out, and dropped (their button gone). */
export interface ReplayResult {
  carried: number;
  dropped: number;
}

/** Ends the page's capture (idempotent) and carries out what it held. */
export async function replayHeldPresses(win: Window = window): Promise<ReplayResult> {
  const result: ReplayResult = { carried: 0, dropped: 0 };
  const page = win as PressWindow;
  const capture = page[PRESSES_GLOBAL];
  if (!capture) return result;
  delete page[PRESSES_GLOBAL];
  for (const press of capture.stop()) {
    if (isShortcut(press)) {
      dispatchShortcut(win);
      result.carried += 1;
      continue;
    }
    release(press);
    const button = await currentButton(press);
    if (button) {
      button.click();
      result.carried += 1;
    } else {
      result.dropped += 1;
    }
  }
  return result;
}

function isShortcut(press: HeldPress): press is Exclude<HeldPress, HeldClick> {
  return 'k' in press;
}

/** The taken state off the held button, as it was before. */
function release(press: HeldClick): void {
  press.t.removeAttribute(HELD_ATTR);
  press.t.removeAttribute('aria-busy');
  press.t.style.opacity = press.o;
  press.t.style.cursor = press.c;
}

/** The button the press is for now, or null when it is gone or disabled. */
async function currentButton(press: HeldClick): Promise<HTMLElement | null> {
  const button = press.t.isConnected ? press.t : await redrawn(press);
  if (!button || (button as HTMLButtonElement).disabled || button.getAttribute('aria-disabled') === 'true') {
    return null;
  }
  return button;
}

/** The held button's counterpart in its shadow host's rendered root, once the element has rendered. */
async function redrawn({ t: old, h: host }: HeldClick): Promise<HTMLElement | null> {
  if (!host?.isConnected) return null;
  const name = host.localName;
  if (name.includes('-')) {
    const defined = host.ownerDocument.defaultView?.customElements;
    if (defined && !defined.get(name)) return null;
    // Lit's first render is a microtask after the upgrade; `updateComplete` says when it is there.
    await (host as Element & { updateComplete?: Promise<unknown> }).updateComplete;
  }
  const root = host.shadowRoot;
  if (!root) return null;
  const label = old.getAttribute('aria-label');
  const text = words(old);
  for (const candidate of root.querySelectorAll<HTMLElement>(old.localName)) {
    if (
      candidate.className === old.className &&
      candidate.getAttribute('aria-label') === label &&
      words(candidate) === text
    ) {
      return candidate;
    }
  }
  return null;
}

/** The element's text as words (a template's line breaks and indents are not the server's). */
function words(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** Ctrl+Shift+A again, from the focused element (or the body), bubbling to the window's listeners. */
function dispatchShortcut(win: Window): void {
  const doc = win.document;
  const from = doc.activeElement ?? doc.body;
  from.dispatchEvent(
    new KeyboardEvent('keydown', {
      key: 'A',
      code: 'KeyA',
      ctrlKey: true,
      shiftKey: true,
      bubbles: true,
      cancelable: true,
      composed: true,
    }),
  );
}
