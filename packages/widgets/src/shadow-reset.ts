/**
 * The reset every widget's shadow root starts with. A host page's selectors never reach inside a shadow
 * root, but inherited properties do (`body { text-transform: uppercase; letter-spacing: … }`), and rules
 * on the host element itself (`* { margin: 0 }`, `section { border: … }` on the page's side) apply to it.
 * `all: initial` on `:host` cuts both: `!important` because, in the cascade, a page's normal rule on the
 * host beats the shadow root's normal `:host` rule, while for `!important` ones the shadow root's wins.
 * Custom properties are not reset by `all`: the kit's `--atr-*` theme still reaches the widgets.
 * Plain text (no Lit): the toolbar's React tree adopts it too.
 */
export const HOST_RESET_CSS = `
:host {
all: initial !important;
display: block !important;
font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif !important;
font-size: 16px !important;
line-height: normal !important;
color: #1b1f24 !important;
text-align: start !important;
-webkit-text-size-adjust: 100% !important;
}
:host([hidden]) {
display: none !important;
}
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
