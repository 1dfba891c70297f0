/**
 * What a page's rules that name a widget's own element (`* { margin: 0 }`, `section, atrium-… { … }`) may
 * not change: the properties such broad rules set, each `initial !important` (for `!important`
 * declarations the shadow root's `:host` rule beats the page's). Inheritance needs no entry here: the
 * `all: initial` below gives the host a value of its own for every property, so what the page sets on
 * `body`, even `!important`, stops at the host. `display` is left out on purpose: see HOST_RESET_CSS.
 * One string, split when the module loads: it ships in the widgets entry, where bytes count.
 */
const HOST_PROPERTIES = `
position inset float clear z-index margin padding border border-radius outline box-shadow box-sizing
width height min-width min-height max-width max-height background opacity visibility filter transform
overflow vertical-align animation transition pointer-events cursor font letter-spacing word-spacing
text-transform text-indent text-shadow text-decoration white-space direction writing-mode list-style
`
  .trim()
  .split(/\s+/);

/**
 * The reset every widget's shadow root starts with. A host page's selectors never reach inside a shadow
 * root, but inherited properties do, and rules on the host element itself apply to it. `all: initial`
 * (normal) cuts inheritance, HOST_PROPERTIES the page's rules on the element. Not `all: initial
 * !important`: that would pin `display` too, and a page's own `atrium-notification-bar { display: none
 * !important }` (or `display: block` in print) must win, as it does for any element of the page. So `display` is a normal declaration here, which a page's rule on the
 * element beats; and in print the widgets are hidden unless the page says otherwise (a bar above the
 * host's print layout helps no one on paper).
 * Custom properties are not reset by `all`: the kit's `--atr-*` theme still reaches the widgets.
 * Plain text (no Lit): the toolbar's React tree adopts it too. Without spaces the CSS does not need (a
 * line that ends in `\` goes on without a line break): it ships in the widgets entry.
 */
export const HOST_RESET_CSS = `
:host{all:initial;${HOST_PROPERTIES.map((name) => `${name}:initial!important;`).join('')}display:block;\
font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif!important;font-size:16px!important;\
line-height:normal!important;color:#1b1f24!important;text-align:start!important;\
-webkit-text-size-adjust:100%!important}
:host([hidden]){display:none!important}
@media print{:host{display:none}}
`;

/**
 * `rem` inside a shadow root is still the page's root font size, and fifteen-year-old stylesheets love
 * `html { font-size: 62.5% }`: every rem-sized control would shrink. Widget styles are written in rem and
 * pinned here to the 16px default before they are adopted into a shadow root.
 */
export function remToPx(cssText: string): string {
  return cssText.replace(/(^|[^\w.-])(\d*\.?\d+)rem\b/g, (_whole, before: string, value: string) => {
    const px = Math.round(Number(value) * 16 * 100) / 100;
    return `${before}${px}px`;
  });
}

/**
 * A stylesheet written for the document, as it must read inside a widget's shadow root: the kit's
 * `:root` theme applies to the host instead, and rem units are pinned (see `remToPx`).
 */
export function forShadowRoot(cssText: string): string {
  return remToPx(cssText.replace(/:root\b/g, ':host'));
}
