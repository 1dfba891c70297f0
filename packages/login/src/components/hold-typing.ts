/**
 * While React hydrates the prerendered form (lifecycles.tsx), keyboard and text events are kept from
 * reaching it. React treats each of them as urgent: one reaching a root that is still hydrating makes it
 * finish the whole hydration in that event's task (about 110-180 ms at 4x CPU, the login page's longest
 * task while a person types). The browser still types into the field, which is plain HTML until the
 * hydration's commit, and UsernameStep takes over what was typed in that commit. Enter goes through: the
 * person asks for the next step, and React must be live to give it. Pointer events go through too (a click
 * on Next or on a link is an action to act on).
 */
const HELD_EVENTS = [
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'input',
  'textInput',
  'compositionstart',
  'compositionupdate',
  'compositionend',
  'focusin',
  'focusout',
] as const;

/** The release of the hold in place, if any (one login app per page). */
let heldBy: (() => void) | null = null;

/**
 * Holds typing in `container` away from React (listeners on the window, capture phase) until
 * `releaseHeldTyping()`, which the hydration's commit calls right where it takes over the typed text: an
 * event held after that point would be typed into a field React already owns without React knowing, and
 * its next render would set the field back.
 */
export function holdTypingFromReact(container: Element, target: Window = window): void {
  releaseHeldTyping();
  const hold = (event: Event) => {
    if (event.type === 'keydown' && (event as KeyboardEvent).key === 'Enter') return;
    if (event.target instanceof Node && container.contains(event.target)) event.stopPropagation();
  };
  for (const type of HELD_EVENTS) target.addEventListener(type, hold, true);
  heldBy = () => {
    for (const type of HELD_EVENTS) target.removeEventListener(type, hold, true);
  };
}

/** Lets typing reach React again; a no-op when nothing is held. */
export function releaseHeldTyping(): void {
  const release = heldBy;
  heldBy = null;
  release?.();
}
