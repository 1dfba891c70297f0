/**
 * The loader snippet: the few lines of inline script a host page carries instead of a `<script
 * type="module" src>` tag (integrations/php prints it; docs/embedding.md shows it for raw HTML).
 *
 * Why a loader: a module script in the page, even `async`, is part of the document's load, so a hung Atrium
 * (a server that accepts connections and never answers) held the page's `load` event, and with it every
 * `<body onload>` of a legacy screen, forever. This snippet inserts the widgets' script only once `load`
 * has fired, so nothing Atrium does can delay the page; the script and its requests have their own
 * timeouts after that.
 *
 * Before that, and synchronously (the snippet follows the tags), it styles a notification bar the page's
 * server already rendered as declarative shadow DOM (the PHP helper does) with the bar's own stylesheet,
 * adopted (a constructable sheet, which `style-src` does not govern), and removes the notices this tab has
 * dismissed: the bar is there, in its final size, in the page's first paint, and the element that
 * upgrades it later renders the same markup in the same place. Nothing moves.
 *
 * The full form also starts the press capture (press-capture.ts): a press on the drawn bar's buttons, or the
 * toolbar's shortcut, before the widgets' script has run is held and carried out once it has run.
 *
 * It reads its settings from its own `<script>` element: `data-src` (the widgets' entry), `data-integrity`
 * (optional SRI, which also makes the request CORS), `data-origin` (optional: Atrium's origin when the entry
 * is on a CDN; empty for the page's own), and passes its `nonce` on. ES5, no JSON.stringify and
 * no page globals beyond `document`, `window` and the standard constructors (the press capture leaves one,
 * `__atriumPresses`, until the widgets' script has run): it runs on any old page.
 */
/** DISMISSED_STORAGE_KEY of packages/session (kept in step by snippet.test.ts; the build imports no session code). */
const DISMISSED_STORAGE_KEY = 'atrium.dismissedNotifications';
import { notificationBarCss } from '../notification-bar/bar-css.js';
import { PRESSES_GLOBAL, pressCaptureSnippet } from './press-capture.js';

export { pressCaptureSnippet } from './press-capture.js';

/**
 * The press capture of a page with a drawn bar: its Dismiss and open buttons are on screen long before the
 * widgets' script (it loads after `load`). The toolbar's shortcut too, when the page has the toolbar's tag.
 */
export const LEGACY_PRESS_CAPTURE = [
  pressCaptureSnippet(
    "d.getElementsByTagName('atrium-dev-toolbar').length",
    'atrium-notification-bar,atrium-dev-toolbar',
  ),
  // Replayed once the widgets' script has run (a module script's `load` comes after it has run; `load` and
  // `error` do not bubble, but the document sees them in the capture phase). After an `error` the replay
  // only takes the busy state off: nothing answers the presses.
  "function live(e){var s=e.target;if(!s||s.localName!=='script'||(s.getAttribute('src')||'').split('#')[0]!==me.getAttribute('data-src'))return;",
  "d.removeEventListener('load',live,true);d.removeEventListener('error',live,true);",
  'var p=w.' + PRESSES_GLOBAL + ';if(p)p.replay()}',
  "d.addEventListener('load',live,true);d.addEventListener('error',live,true);",
].join('');

/**
 * The loader's source; a constant for a given build. With `barCss` null, the short form for pages that
 * print no server-rendered bar (only the deferred script).
 */
export function loaderSnippet(barCss: string | null = notificationBarCss): string {
  if (barCss === null) {
    return [
      '(function(d,w){var me=d.currentScript;if(!me)return;',
      ...PLACE_ON_ROOT,
      ...LOAD_AFTER_LOAD,
      '})(document,window);',
    ].join('');
  }
  // Minified by hand: it is printed into every page. JSON.stringify is safe here: this runs in the build.
  const css = JSON.stringify(barCss.replace(/\s+/g, ' ').trim()).replace(/</g, '\\u003c');
  return [
    '(function(d,w){var me=d.currentScript;if(!me)return;',
    LEGACY_PRESS_CAPTURE,
    ...DISMISSALS,
    // Every server-rendered bar not yet upgraded: its sheet, and its dismissed notices out.
    "var bars=d.getElementsByTagName('atrium-notification-bar');",
    'for(var i=0;i<bars.length;i++){var r=bars[i].shadowRoot;if(!r||r.adoptedStyleSheets.length)continue;',
    'try{var s=new CSSStyleSheet();s.replaceSync(' + css + ');r.adoptedStyleSheets=[s]}catch(e){}',
    ...DROP_DISMISSED,
    '}',
    ...PLACE_ON_ROOT,
    ...LOAD_AFTER_LOAD,
    '})(document,window);',
  ].join('');
}

/**
 * For a page whose server rendered the bar with its stylesheet in its shadow root (the shell's signed-in
 * page): only this tab's dismissed notices out of it, before the first paint (the page runs it right after
 * the bar's markup). The server does not know them (they live in the tab's sessionStorage), and the
 * element, once defined, would drop them and move the page up.
 */
export function dismissedNoticesSnippet(): string {
  return [
    '(function(d,w){',
    ...DISMISSALS,
    "var bars=d.getElementsByTagName('atrium-notification-bar');",
    'for(var i=0;i<bars.length;i++){var r=bars[i].shadowRoot;if(!r)continue;',
    ...DROP_DISMISSED,
    '}})(document,window);',
  ].join('');
}

/** This tab's dismissals (a list, or the double-encoded list an old copy wrote under Prototype.js) as `has`. */
const DISMISSALS = [
  'var gone=[];try{var raw=w.sessionStorage.getItem(' +
    JSON.stringify(DISMISSED_STORAGE_KEY) +
    ');if(raw){gone=JSON.parse(raw);',
  "if(typeof gone==='string')gone=JSON.parse(gone)}}catch(e){}",
  "if(Object.prototype.toString.call(gone)!=='[object Array]')gone=[];",
  'function has(id){for(var k=0;k<gone.length;k++)if(gone[k]===id)return true;return false}',
];

/** In the shadow root `r`: the dismissed closeable notices out, and the frame's room given back when none is left. */
const DROP_DISMISSED = [
  "var li=r.querySelectorAll('li[data-id]');",
  "for(var j=0;j<li.length;j++)if(li[j].querySelector('.close')&&has(li[j].getAttribute('data-id')))",
  'li[j].parentNode.removeChild(li[j]);',
  "if(!r.querySelector('li')){var f=r.querySelector('.frame');var u=r.querySelector('.list');",
  "if(u)u.parentNode.removeChild(u);if(f)f.className='frame'}",
  // The narrow screens' count (server markup that prints it: server-markup.ts), for what is left.
  "var n=r.querySelectorAll('li').length,fold=r.querySelector('.fold');",
  "if(fold){if(n<2)fold.parentNode.removeChild(fold);else fold.textContent='Show all '+n+' notices'}",
];

/**
 * A bar printed with `placement="root"` (the PHP helper's default) gets its room on the root element, not
 * in the body's flow: it moves, inside an `<atrium-bar-room>` of its own, to the end of <html>, after
 * <body> (so the page's own "skip to content" link stays the first thing the Tab key reaches), and that
 * room sits absolutely in a top margin of <html> as tall as the bar, and <html> becomes the containing block
 * of the page's absolutely positioned elements. So everything of the host moves down by the bar's height,
 * the elements anchored to the page (a wiki's user tools at `top: 7px`) and the root's background included,
 * and nothing is ever under the bar. Kept in step with the bar's height (a notice arriving or dismissed) by
 * a ResizeObserver; `--atr-bar-space` on <html> says the height, for a page's fixed header. The room is
 * an element of its own because the bar's shadow styles reset its host's position (`position: initial
 * !important`, which no page style can beat). Inline styles through the CSSOM, which a CSP's style-src does
 * not govern. Runs before the first paint (the head's `expect` link holds it), so the first frame is placed.
 */
const PLACE_ON_ROOT = [
  "var h=d.documentElement,pb=d.querySelector('atrium-notification-bar[placement=root]');",
  "if(pb&&d.body&&pb.parentNode.nodeName!=='ATRIUM-BAR-ROOM'){",
  "var cs=w.getComputedStyle(h),m0=parseFloat(cs.marginTop)||0,room=d.createElement('atrium-bar-room'),rs=room.style;",
  "if(cs.position==='static')h.style.setProperty('position','relative');",
  "rs.cssText='display:block;position:absolute;left:0;right:0;margin:0;padding:0;border:0';",
  'h.appendChild(room);room.appendChild(pb);',
  "var fit=function(){var bh=pb.offsetHeight;h.style.setProperty('margin-top',(m0+bh)+'px');",
  "rs.setProperty('top',(-bh)+'px');h.style.setProperty('--atr-bar-space',bh+'px')};",
  'fit();if(w.ResizeObserver)new w.ResizeObserver(fit).observe(pb);',
  // On paper the bar is hidden (its shadow styles), so its room on <html> is given back there: a print-only
  // sheet of the document's (adopted, like the bar's), `!important` to beat the inline screen styles. A page
  // whose print stylesheet shows the bar gets it in the flow, after the page's content.
  "try{var ps=new CSSStyleSheet();ps.replaceSync('@media print{html{margin-top:'+m0+'px!important}'+",
  "'atrium-bar-room{position:static!important}}');d.adoptedStyleSheets=d.adoptedStyleSheets.concat([ps])}catch(e){}}",
];

/** The widgets themselves: only after `load`, so they can never hold it. */
const LOAD_AFTER_LOAD = [
  // A page that enforces Trusted Types (Atrium's own, under `require-trusted-types-for 'script'`) refuses a
  // plain string for a script's src: the URL goes through a policy of the loader's own, which only ever sees
  // the `data-src` the page's server wrote. A page whose `trusted-types` list leaves the name out keeps the
  // string (and then must allow it another way).
  "function go(){var s=d.createElement('script');s.type='module';var u=me.getAttribute('data-src'),o=me.getAttribute('data-origin');",
  // Atrium's origin, for the widgets' calls and links, as the page's server states it (`data-origin`, empty
  // for the page's own origin), else the origin of `data-src` (the fixed /widgets/atrium-widgets.js of
  // Atrium's host): never where the bytes come from, which is a CDN when releases are on one. It rides in
  // the script's own URL, as a fragment (never sent, no effect on the fetch, the cache or the integrity, and
  // kept through a redirect), where only a script the page runs can put it (widgets/legacy/api-origin.ts).
  "try{u+='#origin='+new URL(o===null?u:o,w.location.href).origin}catch(e){}",
  "var tt=w.trustedTypes;if(tt&&tt.createPolicy){try{u=tt.createPolicy('atrium-loader',",
  '{createScriptURL:function(x){return x}}).createScriptURL(u)}catch(e){}}s.src=u;',
  "var sri=me.getAttribute('data-integrity');if(sri){s.integrity=sri;s.crossOrigin='anonymous'}",
  // A script that does not load (Atrium down, or refusing this page's origin) says so in one line: the
  // browser's own message alone is a bare network or CORS error that names nothing to fix.
  "s.onerror=function(){var c=w.console;if(c&&c.error)c.error('[atrium-widgets] the widgets did not load from '+",
  "me.getAttribute('data-src')+': Atrium is down or unreachable, or does not list this origin in ATRIUM_EMBED_ORIGINS')};",
  'if(me.nonce)s.nonce=me.nonce;(d.head||d.documentElement).appendChild(s)}',
  "if(d.readyState==='complete')setTimeout(go,0);else w.addEventListener('load',function(){setTimeout(go,0)})",
];
