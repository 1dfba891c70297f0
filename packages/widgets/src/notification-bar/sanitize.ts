/**
 * The one HTML sanitiser of every Atrium page (`@atrium/widgets/sanitize`): the notification bar's, on legacy
 * pages and in the shell, and, through `registerWithPagePolicy`, the shell page's Trusted Types `default`
 * policy's (root-config/index.html).
 *
 * Notification text comes from the server and may carry HTML. It is shown either as words only
 * (`markupToText`) or as DOM nodes of a tight allow-list (`Sanitizer`); neither ever runs anything, and
 * neither writes a string to an HTML sink (the shell requires Trusted Types).
 *
 * Where the browser has the HTML Sanitizer API (`Document.parseHTML` with a sanitizer, the document-level
 * sibling of `Element.setHTML`), that is the parser and the first filter, synchronously and in the entry.
 * Elsewhere DOMPurify is loaded on demand in its own chunk. Either way the result then goes through
 * `allowListed`, which builds fresh nodes in the page from the allowed tags, the words and vetted links
 * only, so both paths give the same output.
 */

/** Only these tags survive; every attribute except `href` on links (and the `rel` we add) is removed. */
export const ALLOWED_TAGS: readonly string[] = ['b', 'i', 'em', 'strong', 'a', 'br', 'p', 'ul', 'ol', 'li'];
const ALLOWED_ATTR: string[] = ['href'];

/**
 * Dropped with everything inside them: DOMPurify's default FORBID_CONTENTS (its HTML names; SVG and MathML
 * are dropped whole as well), and `base`, named so that the native parse removes it at once: in the parsed
 * document a `<base href>` would change what every relative link of the notice resolves against. Any other
 * tag that is not allowed is unwrapped: its words stay.
 */
const DROPPED: string[] = [
  'audio',
  'base',
  'colgroup',
  'head',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'script',
  'selectedcontent',
  'style',
  'template',
  'thead',
  'title',
  'video',
  'xmp',
];

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/** Sanitised markup as nodes of the page's document, ready to insert (Lit renders a fragment as is). */
export type Sanitizer = (html: string) => DocumentFragment;

/** True when the text needs an HTML parser at all; plain text is shown as it is. */
export function hasMarkup(text: string): boolean {
  return /[<&]/.test(text);
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

/**
 * True when `dropInlineCode` (inline-code.ts) could change the text: an `on…` or `style` word after a `<`,
 * or a `<script>` or `<style>` tag. Every attribute it removes follows a `<` and a space, `/` or quote;
 * everything else it removes starts with one of those tags. Text without either is parsed at once; text
 * with one waits for the tokenizer's chunk (`loadInlineCodeFilter`).
 */
export function mayHoldInlineCode(html: string): boolean {
  const open = html.indexOf('<');
  return open >= 0 && /[\s/"'](?:on|style)|<\/?(?:script|style)/i.test(html.slice(open));
}

/** The tokenizer once its chunk is in; `false` when the chunk could not load. */
let inlineCode: ((html: string) => string) | false | undefined;
let inlineCodeLoad: Promise<void> | undefined;

/**
 * Loads the tokenizer (once per page); never rejects. When its chunk cannot load (offline, a deploy in
 * between), text is parsed without it: exactly as safe, since the sanitisers drop all inline code either
 * way, and the words still show; such a page may log the CSP reports the tokenizer keeps away.
 */
export function loadInlineCodeFilter(): Promise<void> {
  if (inlineCode !== undefined) return Promise.resolve();
  inlineCodeLoad ??= import('./inline-code.js').then(
    (module) => {
      inlineCode = module.dropInlineCode;
    },
    () => {
      inlineCode = false;
    },
  );
  return inlineCodeLoad;
}

/**
 * Puts the tokenizer in at once, for a page whose own bundle carries it (`@atrium/widgets/inline-code`):
 * the shell, whose page policy takes HTML from its first render on and cannot wait for a chunk.
 */
export function setInlineCodeFilter(filter: (html: string) => string): void {
  inlineCode = filter;
}

/** True when the text may be parsed now: it holds no inline code, or the tokenizer has loaded. */
export function parseReady(html: string): boolean {
  return inlineCode !== undefined || !mayHoldInlineCode(html);
}

/** The text as the parsers may see it; text that is not `parseReady` never reaches one. */
function withoutInlineCode(html: string): string {
  if (!parseReady(html)) throw new Error('inline code not removed yet');
  return inlineCode ? inlineCode(html) : html;
}

/** Copies what the allow-list keeps from a parsed tree into `into`, as new nodes of `doc`. */
function copyAllowed(from: Node, into: Node, doc: Document): void {
  for (let node = from.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 3) {
      into.appendChild(doc.createTextNode(node.nodeValue ?? ''));
      continue;
    }
    if (node.nodeType !== 1) continue; // comments, processing instructions
    const element = node as Element;
    const name = element.localName;
    if (element.namespaceURI !== HTML_NS || DROPPED.includes(name)) continue;
    if (!ALLOWED_TAGS.includes(name)) {
      copyAllowed(element, into, doc);
      continue;
    }
    const copy = doc.createElement(name);
    const href = name === 'a' ? element.getAttribute('href') : null;
    if (href !== null && isAllowedHref(href)) {
      copy.setAttribute('href', href);
      // A notice must not hand its page to whatever it links to.
      copy.setAttribute('rel', 'noopener noreferrer');
    }
    copyAllowed(element, copy, doc);
    into.appendChild(copy);
  }
}

/**
 * The allow-list, applied to an already parsed (inert) tree: allowed tags, in the HTML namespace, rebuilt
 * as fresh elements of this page; `href` only on links and only when `isAllowedHref` says so; text as text.
 * Nothing else of the source (attributes, `is` values, foreign elements, comments) can reach the page.
 */
export function allowListed(root: Node): DocumentFragment {
  const fragment = document.createDocumentFragment();
  copyAllowed(root, fragment, document);
  return fragment;
}

/** What this file needs of the HTML Sanitizer API (TypeScript's DOM library does not have it yet). */
interface ParseHTMLOptions {
  sanitizer: {
    removeElements: string[];
    attributes: string[];
    comments: boolean;
    dataAttributes: boolean;
  };
}
type WithParseHTML = typeof Document & { parseHTML?: (html: string, options: ParseHTMLOptions) => Document };

/**
 * The native configuration: elements whose content goes too are removed, every attribute but `href` is
 * removed, no comments. The API always also removes what is unsafe (scripts, event handlers,
 * `javascript:` URLs), whatever the configuration. The allow-list of tags is applied afterwards by
 * `allowListed`, because the API unwraps only elements it is given by name, and DOMPurify keeps the words
 * of every element it removes.
 */
const NATIVE_OPTIONS: ParseHTMLOptions = {
  sanitizer: { removeElements: DROPPED, attributes: ALLOWED_ATTR, comments: false, dataAttributes: false },
};

/**
 * `Document.parseHTML` (the static half of `setHTML`): a whole new document without a browsing context,
 * so nothing in it loads, runs or upgrades, parsed exactly as DOMParser parses for DOMPurify.
 */
function nativeParse(html: string): HTMLElement {
  return (Document as WithParseHTML).parseHTML!(html, NATIVE_OPTIONS).body;
}

const nativeSanitize: Sanitizer = (html) => allowListed(nativeParse(withoutInlineCode(html)));

let nativeWorks: boolean | null = null;

/**
 * The native sanitiser when this browser has the HTML Sanitizer API and reads our configuration as the
 * standard says (checked once, on a harmless sample); otherwise null.
 */
export function nativeSanitizer(): Sanitizer | null {
  if (typeof Document === 'undefined' || typeof (Document as WithParseHTML).parseHTML !== 'function') {
    return null;
  }
  if (nativeWorks === null) {
    try {
      // The sample holds nothing a CSP governs (no <style>, <script> or inline handler): some Chromium
      // versions apply the page's CSP to this parse, and the check must never log a violation.
      nativeWorks =
        nativeParse('<b title=t href=h>x</b><title>y</title><!--z-->').innerHTML === '<b href="h">x</b>';
    } catch {
      nativeWorks = false;
    }
  }
  return nativeWorks ? nativeSanitize : null;
}

/** The name of the one policy the widgets create (listed in the server's CSP, security-headers.ts). */
export const INERT_PARSE_POLICY = 'atrium-inert';
let inertPolicy: { createHTML(input: string): TrustedHTML } | null | undefined;

/**
 * A string made fit for DOMParser under Trusted Types. Pages without a `default` policy (the legacy, SSO
 * and request-log pages) refuse a plain string there. Only `inertBody` uses it: DOMParser's
 * document never runs or loads anything, and nothing of it reaches the page except what `allowListed`
 * rebuilds as new nodes.
 */
function forInertParse(html: string | TrustedHTML): string | TrustedHTML {
  if (typeof html !== 'string') return html;
  if (inertPolicy === undefined) {
    const factory = (
      globalThis as {
        trustedTypes?: {
          createPolicy(name: string, rules: { createHTML(input: string): string }): typeof inertPolicy;
        };
      }
    ).trustedTypes;
    try {
      inertPolicy =
        factory?.createPolicy(INERT_PARSE_POLICY, { createHTML: (input: string) => input }) ?? null;
    } catch {
      inertPolicy = null;
    }
  }
  return inertPolicy ? inertPolicy.createHTML(html) : html;
}

/** DOMParser: an inert document too (no scripts, no image loads). */
function inertBody(html: string | TrustedHTML): HTMLElement {
  return new DOMParser().parseFromString(forInertParse(html) as string, 'text/html').body;
}

/**
 * The words only, whitespace collapsed: labels, titles and the first paint while DOMPurify loads. Empty
 * for a text that is not `parseReady` yet (the bar loads the tokenizer and draws again).
 */
export function markupToText(html: string): string {
  if (!hasMarkup(html)) return html;
  if (!parseReady(html)) return '';
  const fragment =
    // No native API: the same allow-list over DOMParser's inert document.
    nativeSanitizer()?.(html) ?? allowListed(inertBody(withoutInlineCode(html)));
  return (fragment.textContent ?? '').replace(/\s+/g, ' ').trim();
}

let fallback: Promise<Sanitizer> | null = null;

/**
 * DOMPurify (its own chunk), configured with the same allow-list; its output is parsed again and goes
 * through `allowListed` like the native path's. (As a string, not DOMPurify's own fragment: for DOM
 * output DOMPurify drops any element that had an `is` attribute, words included, which the native path
 * cannot tell apart once the attribute is gone.) The string is DOMPurify's TrustedHTML where the browser
 * has Trusted Types, so DOMParser takes it under the shell's CSP.
 */
export function loadFallbackSanitizer(): Promise<Sanitizer> {
  // DOMPurify and its configuration live in that chunk (purify.ts): a browser with the native API never
  // downloads either.
  fallback ??= Promise.all([import('./purify.js'), loadInlineCodeFilter()]).then(([{ purifier }]) => {
    const purify = purifier(ALLOWED_TAGS, ALLOWED_ATTR);
    return (html: string) => allowListed(inertBody(purify(withoutInlineCode(html))));
  });
  // A failed chunk load (offline, a deploy in between) may succeed on the next try.
  fallback.catch(() => {
    fallback = null;
  });
  return fallback;
}

/**
 * The native sanitiser when there is one, else DOMPurify once its chunk has loaded; either with the
 * tokenizer loaded, so it takes any text (the shell hands it to the page's policy, which cannot wait).
 */
export function loadSanitizer(): Promise<Sanitizer> {
  const native = nativeSanitizer();
  return native ? loadInlineCodeFilter().then(() => native) : loadFallbackSanitizer();
}

interface PageGlobals {
  /** index.html's hook: hands a string sanitiser to the `default` policy (the first registration wins). */
  atriumRegisterSanitizer?: (sanitize: (html: string) => string) => void;
}

/**
 * Makes this sanitiser the one behind the page's Trusted Types `default` policy, so a string written to an
 * HTML sink becomes the same allow-list's markup (until then the policy refuses HTML; login never registers
 * one). A policy must return a string: the nodes are serialised. Parsed again by the sink, that markup can
 * only regroup the allowed elements (a `<p>` in a `<p>`), never make an element, attribute or link the
 * allow-list did not keep, as it holds no raw-text or foreign element. Only the shell calls this; the legacy
 * pages' bundle leaves it out.
 */
export function registerWithPagePolicy(sanitize: Sanitizer): void {
  (window as unknown as PageGlobals).atriumRegisterSanitizer?.((html) => {
    const holder = document.createElement('template');
    holder.content.append(sanitize(html));
    return holder.innerHTML;
  });
}
