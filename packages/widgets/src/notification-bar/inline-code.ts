/**
 * The tag tokenizer that keeps a notice's inline code away from the HTML parsers (`dropInlineCode`): a
 * chunk of its own, which sanitize.ts loads only for a text that may hold inline code
 * (`loadInlineCodeFilter`), so the widgets entry, which every student's page runs, does not carry it.
 */

// The HTML tokenizer's view of a tag, enough to find attribute names.
const TAG_NAME = /[a-z][^\t\n\f\r />]*/iy;
const ATTRIBUTE =
  /[\t\n\f\r /]*([^\t\n\f\r />][^\t\n\f\r /=>]*)(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"[^"]*"|'[^']*'|[^\t\n\f\r >]*))?/y;
const TAG_END = /[\t\n\f\r /]*>/y;
const COMMENT_END = /--!?>/g;
const RAW_TEXT = /^(?:script|style|textarea|title|xmp|iframe|noembed|noframes)$/i;
/** Elements a CSP governs (`script-src-elem`, `style-src-elem`): removed with their content. */
const CODE_ELEMENT = /^(?:script|style)$/i;

/**
 * Removes what a browser's CSP governs from the text before the markup is ever parsed: `on…` and `style`
 * attributes of start tags, and `<script>` and `<style>` elements with everything inside them. Not a
 * defence: the sanitisers (sanitize.ts) drop all of it either way. Chromium reports a CSP violation (in the
 * console, to `securitypolicyviolation` listeners and report endpoints) when its parser meets an inline
 * handler, a style attribute or a `<style>` element on a page whose CSP forbids them, even in an inert
 * document and even inside the Sanitizer API (some versions do, some do not), so a hostile notice would
 * otherwise look like an attack on the page every time it is shown. Comments and raw-text elements are
 * skipped as the tokenizer skips them; a tag cut off by the end of the text is left alone (the parser
 * drops it).
 */
export function dropInlineCode(html: string): string {
  if (!/[\s/"'](?:on|style)|<(?:script|style)/i.test(html)) return html;
  let out = '';
  let at = 0;
  for (;;) {
    const open = html.indexOf('<', at);
    if (open < 0) return out + html.slice(at);
    out += html.slice(at, open);
    at = open;
    if (html.startsWith('<!--', open)) {
      COMMENT_END.lastIndex = open + 2;
      const end = COMMENT_END.exec(html);
      at = end ? end.index + end[0].length : html.length;
      out += html.slice(open, at);
      continue;
    }
    const endTag = html[open + 1] === '/';
    TAG_NAME.lastIndex = open + (endTag ? 2 : 1);
    const name = TAG_NAME.exec(html);
    if (!name) {
      // Text, or a bogus comment (`<!x>`, `<?x>`, `</ x>`): nothing in it becomes an attribute.
      const end = /[!?/]/.test(html[open + 1] ?? '') ? html.indexOf('>', open) : open;
      at = end < 0 ? html.length : end + 1;
      out += html.slice(open, at);
      continue;
    }
    let tag = html.slice(open, TAG_NAME.lastIndex);
    let cursor = TAG_NAME.lastIndex;
    for (;;) {
      ATTRIBUTE.lastIndex = cursor;
      const attribute = ATTRIBUTE.exec(html);
      if (!attribute) break;
      if (endTag || !/^(?:on|style$)/i.test(attribute[1] ?? '')) tag += attribute[0];
      cursor = ATTRIBUTE.lastIndex;
    }
    TAG_END.lastIndex = cursor;
    const close = TAG_END.exec(html);
    if (!close) return out + html.slice(open);
    at = TAG_END.lastIndex;
    const code = CODE_ELEMENT.test(name[0]);
    // A stray `</script>` or `</style>` goes too: nothing of those elements reaches a parser.
    if (!code) out += tag + close[0];
    if (endTag) continue;
    if (/^plaintext$/i.test(name[0])) return out + html.slice(at);
    if (RAW_TEXT.test(name[0])) {
      const closing = new RegExp(`</${name[0]}(?=[\\t\\n\\f\\r />]|$)`, 'ig');
      closing.lastIndex = at;
      const end = closing.exec(html);
      const stop = end ? end.index : html.length;
      if (!code) out += html.slice(at, stop);
      at = stop;
    }
  }
}
