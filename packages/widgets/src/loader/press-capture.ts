/**
 * The press capture: a few lines of inline script that a server-drawn page carries ahead of its markup
 * (the shell's signed-in page, server/src/html/signed-in-page.ts; a legacy page's loader, snippet.ts), so a
 * press on the drawn page before its scripts have taken it over is kept instead of lost.
 *
 * Why: a drawn page is on screen long before it is live (a few hundred milliseconds to seconds on a slow
 * phone). Its links work meanwhile, but its buttons have no handler yet and its shortcuts no listener: a
 * press then did nothing, and nothing told the person so. Modelled on Google's jsaction event contract (one
 * listener per event type at the root, from the first byte, queueing what it sees for the dispatcher that
 * comes with the app) and on React's replay of discrete events during hydration.
 *
 * What it holds, in the capture phase of `window` (ahead of any listener the page's scripts add later):
 * - a click on a button (`<button>` or `role="button"`, in a shadow root too: the path is composed), which
 *   is also what a tap, Enter or Space on a focused button gives; the click goes no further (a handler
 *   half in place must not see it too), and the button shows it was taken: `aria-busy`, `data-atrium-held`,
 *   dimmed, a progress cursor. A second press on a button already held is swallowed: it would undo the
 *   first (a menu opened and closed again);
 * - with `shortcut`, Ctrl+Shift+A (the developer toolbar's), whose default is prevented.
 * A click inside a link (`<a href>`) is left to the browser, which follows it; it is never held or replayed.
 *
 * `replayHeldPresses` (press-replay.ts) ends the capture once the page is live and carries each press out
 * once, in order. ES5, one page global (`__atriumPresses`), no DOM sink: it runs under the page's CSP with
 * its nonce, and under Trusted Types.
 */

/** The global the capture leaves for the replay (the only one it adds). */
export const PRESSES_GLOBAL = '__atriumPresses';

/** Marks a held button until its press is carried out or dropped. */
export const HELD_ATTR = 'data-atrium-held';

/** A held click: the button, the shadow host it was drawn in (null in the document), its style before. */
export interface HeldClick {
  t: HTMLElement;
  h: Element | null;
  o: string;
  c: string;
}

/** A held Ctrl+Shift+A. */
export interface HeldShortcut {
  k: 1;
}

export type HeldPress = HeldClick | HeldShortcut;

/** What the capture leaves on `window[PRESSES_GLOBAL]`: `stop` ends it and hands over what it held, in order. */
export interface PressCapture {
  stop(): HeldPress[];
}

/**
 * The capture's source, a constant per form. `shortcut`: a JavaScript expression, true when the page has the
 * developer toolbar whose shortcut is held ('1' on a toolbar user's signed-in page; a legacy page tests for
 * its toolbar tag).
 */
export function pressCaptureSnippet(shortcut: string = '1'): string {
  // Minified by hand: it is printed into every page.
  return [
    '(function(w){if(w.' + PRESSES_GLOBAL + ')return;var q=[],A=' + JSON.stringify(HELD_ATTR) + ';',
    // The button the click is for, null for none or a link (the browser follows it).
    'function btn(e){var p=e.composedPath?e.composedPath():[e.target];',
    'for(var i=0;i<p.length;i++){var n=p[i];if(!n||n.nodeType!==1)continue;',
    "if(n.localName==='a'&&n.hasAttribute('href'))return null;",
    "if(n.localName==='button'||n.getAttribute('role')==='button')return n}return null}",
    'function click(e){var t=btn(e);if(!t)return;e.preventDefault();e.stopImmediatePropagation();',
    'if(t.hasAttribute(A))return;var r=t.getRootNode(),s=t.style;',
    'q.push({t:t,h:r&&r.host||null,o:s.opacity,c:s.cursor});',
    "t.setAttribute(A,'');t.setAttribute('aria-busy','true');s.opacity='0.6';s.cursor='progress'}",
    'function key(e){if(e.ctrlKey&&e.shiftKey&&!e.altKey&&!e.metaKey&&!e.repeat&&',
    "(e.code==='KeyA'||e.key==='A'||e.key==='a')){e.preventDefault();e.stopImmediatePropagation();q.push({k:1})}}",
    'var keys=!!(' + shortcut + ");w.addEventListener('click',click,true);",
    "if(keys)w.addEventListener('keydown',key,true);",
    'w.' + PRESSES_GLOBAL + "={stop:function(){w.removeEventListener('click',click,true);",
    "w.removeEventListener('keydown',key,true);var held=q;q=[];return held}}})(window);",
  ].join('');
}
