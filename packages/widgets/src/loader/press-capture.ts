/**
 * The press capture: a few lines of inline script that a server-drawn page carries with its markup, before
 * its first paint (the shell's signed-in page, server/src/html/signed-in-page.ts; a legacy page's loader,
 * snippet.ts), so a press on the drawn page before its scripts have taken it over is kept instead of lost,
 * and carried out once the page is live.
 *
 * Why: a drawn page is on screen long before it is live (a few hundred milliseconds to seconds on a slow
 * phone). Its links work meanwhile, but its buttons have no handler yet and its shortcuts no listener: a
 * press then did nothing, and nothing told the person so. Modelled on Google's jsaction event contract (one
 * listener per event type at the root, from the first byte, queueing what it sees until the page's code
 * asks for it) and on React's replay of discrete events during hydration.
 *
 * What it holds, in the capture phase of `window` (ahead of any listener the page's scripts add later):
 * - a click on a button (`<button>` or `role="button"`, in a shadow root too: the path is composed) of the
 *   drawn part (`scope`), which
 *   is also what a tap, Enter or Space on a focused button gives; the click goes no further (a handler
 *   half in place must not see it too), and the button shows it was taken: `aria-busy`, `data-atrium-held`,
 *   dimmed, a progress cursor. A second press on a button already held is swallowed: it would undo the
 *   first (a menu opened and closed again);
 * - with `shortcut`, Ctrl+Shift+A (the developer toolbar's), whose default is prevented.
 * A click inside a link (`<a href>`) is left to the browser, which follows it; it is never held or replayed.
 *
 * `window.__atriumPresses.replay(done)`, called once the page is live (the shell through
 * `replayHeldPresses`, press-replay.ts; the legacy loader when the widgets' script has run), ends the
 * capture and carries each press out once, in order:
 * - a click on the button it was aimed at: the same element when it is still in the document (React
 *   hydrated it in place); for a button drawn in a declarative shadow root, which the element's first render
 *   replaces (the notification bar's Dismiss), the button of the same tag, class, label and words in the
 *   rendered root, once the element has rendered (`updateComplete`). A press whose button is gone (a page
 *   rendered afresh, a notice no longer there) or disabled is dropped;
 * - a Ctrl+Shift+A dispatched again as a keydown, where the toolbar's listener hears it.
 * The replay lives here, not in the page's bundles, so the legacy widgets' entry (with a size budget) carries
 * none of it and the shell and legacy pages share one. ES5, one page global while it runs, no DOM sink: it
 * runs under the page's CSP with its nonce, and under Trusted Types.
 */

/** The global the capture leaves until the page is live (the only one it adds). */
export const PRESSES_GLOBAL = '__atriumPresses';

/** Marks a held button until its press is carried out or dropped. */
export const HELD_ATTR = 'data-atrium-held';

/** What the capture leaves on `window[PRESSES_GLOBAL]`. */
export interface PressCapture {
  /** Ends the capture and carries out what it held; `done` gets how many were carried out and dropped. */
  replay(done?: (carried: number, dropped: number) => void): void;
}

/**
 * The capture's source, a constant per form. `shortcut`: a JavaScript expression, true when the page has the
 * developer toolbar whose shortcut is held ('1' on a toolbar user's signed-in page; a legacy page tests for
 * its toolbar tag). `scope`: a selector for the drawn part whose buttons wait for the page's scripts (the
 * shell's container; a legacy page's widget tags); a button elsewhere is the page's own, live already.
 */
export function pressCaptureSnippet(shortcut: string, scope: string): string {
  const global = 'w.' + PRESSES_GLOBAL;
  // Minified by hand: it is printed into every page.
  return [
    '(function(w){if(' +
      global +
      ')return;var d=w.document,q=[],A=' +
      JSON.stringify(HELD_ATTR) +
      ',S=' +
      JSON.stringify(scope) +
      ",B='aria-busy',",
    "L='addEventListener',R='removeEventListener';",
    'function no(e){e.preventDefault();e.stopImmediatePropagation()}',
    // The button the click is for: inside the drawn part (`scope`), and none for a link (the browser follows
    // it). Elsewhere (the page's own load-error notice and its Reload) a click is the page's at once.
    'function btn(e){var p=e.composedPath(),b;for(var i=0;i<p.length;i++){var n=p[i],l=n.localName;',
    "if(n.nodeType!=1)continue;if(b){if(n.matches(S))return b}else{if(l=='a'&&n.hasAttribute('href'))return;",
    "if(l=='button'||n.getAttribute('role')=='button')b=n}}}",
    'function click(e){var t=btn(e);if(!t)return;no(e);if(t.hasAttribute(A))return;var r=t.getRootNode(),s=t.style;',
    "q.push({t:t,h:r&&r.host,o:s.opacity,c:s.cursor});t.setAttribute(A,'');t.setAttribute(B,'true');",
    "s.opacity='.6';s.cursor='progress'}",
    'function key(e){if(e.ctrlKey&&e.shiftKey&&!e.altKey&&!e.metaKey&&!e.repeat&&',
    "(e.code=='KeyA'||/^a$/i.test(e.key))){no(e);q.push({k:1})}}",
    "w[L]('click',click,true);if(" + shortcut + ")w[L]('keydown',key,true);",
    // The replay. In a rendered shadow root, the button in the held one's place: same tag, class, label, words.
    "function words(n){return(n.textContent||'').replace(/\\s/g,'')}",
    "function same(a,b){return a.className==b.className&&a.getAttribute('aria-label')==b.getAttribute('aria-label')",
    '&&words(a)==words(b)}',
    global + '={replay:function(done){',
    "w[R]('click',click,true);w[R]('keydown',key,true);delete " + global + ';var held=q,n=0,lost=0;q=[];',
    'function next(i){var p=held[i];if(!p){if(done)done(n,lost);return}',
    "if(p.k){(d.activeElement||d.body).dispatchEvent(new KeyboardEvent('keydown',{key:'A',code:'KeyA',",
    'ctrlKey:true,shiftKey:true,bubbles:true,cancelable:true,composed:true}));n++;return next(i+1)}',
    'var t=p.t,s=t.style,h=p.h;t.removeAttribute(A);t.removeAttribute(B);s.opacity=p.o;s.cursor=p.c;',
    'function go(b){if(b&&!b.disabled){b.click();n++}else lost++;next(i+1)}',
    'if(t.isConnected)return go(t);if(!h||!h.isConnected)return go();',
    'function find(){var c=h.shadowRoot?h.shadowRoot.querySelectorAll(t.localName):[];',
    'for(var j=0;j<c.length;j++)if(same(c[j],t))return go(c[j]);go()}',
    // Lit renders a microtask after the upgrade; `updateComplete` says when it is there.
    'var u=h.updateComplete;if(u&&u.then)u.then(find,find);else find()}',
    'next(0)}}})(window);',
  ].join('');
}
