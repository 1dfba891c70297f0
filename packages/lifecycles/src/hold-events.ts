/**
 * Holds the user's discrete events (keys, taps, clicks, focus, text input) back from React while a root
 * hydrates over server-rendered markup; the browser's own handling goes on, so a key still types into the
 * field and a tap still focuses it.
 *
 * Why: React answers a discrete event inside a part it has not hydrated yet by hydrating that part at once,
 * in the event's own handler, and on the login page that part is the whole root (the form is in it): one
 * keydown of 100-250 ms at 4x CPU, which every key after it waited for (worst input delay during
 * boot). Held back, the events find React not listening yet, as they do before the mount; what was typed is
 * in the field. The hold ends once the hydration's first effects have run, not at its commit: the app takes
 * over what the field holds there (the login's UsernameStep) and its stores subscribe there, and a key let
 * through before that changed a state no render would show, then lost the field's text to the stale one
 * (measured: 23-35 keys of a fast typist, all typed before the takeover). `submit` is never held: a form
 * sent meanwhile still reaches React, which then hydrates at once, as before.
 */
const HELD_EVENTS: readonly string[] = [
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  // Chromium's legacy text event, which React reads to build its onBeforeInput.
  'textInput',
  'input',
  'change',
  'compositionstart',
  'compositionupdate',
  'compositionend',
  'paste',
  'cut',
  'select',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'click',
  'auxclick',
  'dblclick',
  'contextmenu',
  'touchstart',
  'touchend',
  'focusin',
  'focusout',
];

/** A hydration whose first effects have not run by then is left to React's own handling (events reach it). */
export const HOLD_LIMIT_MS = 3000;

/**
 * Starts holding events whose target is inside `container` (listeners in the capture phase of `target`,
 * the window, ahead of React's on the container); the function returned ends the hold (once, idempotent).
 */
export function holdEventsFrom(
  container: Node,
  target: EventTarget = window,
  limitMs: number = HOLD_LIMIT_MS,
): () => void {
  const hold = (event: Event) => {
    if (event.target instanceof Node && container.contains(event.target)) event.stopPropagation();
  };
  const each = (action: 'addEventListener' | 'removeEventListener') => {
    for (const type of HELD_EVENTS) target[action](type, hold, true);
  };
  each('addEventListener');
  let timer: ReturnType<typeof setTimeout> | undefined;
  const release = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    each('removeEventListener');
  };
  timer = setTimeout(release, limitMs);
  return release;
}
