/**
 * The toolbar's own rules, adopted with the UI kit's (useStyles: constructable sheets, no <style> tags, so
 * a strict CSP holds): on the document in the shell, in the element's shadow root on legacy pages. The
 * panel and the acting-as banner are manual popovers (top layer): the first rules undo the browser's
 * centred popover box.
 */
export const devToolbarCss = `
.atrium-devtb {
  position: fixed;
  inset: auto 0 0 0;
  width: auto;
  height: auto;
  max-height: 80vh;
  overflow: visible;
  margin: 0;
  border: 0;
  box-sizing: border-box;
  z-index: 900;
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0.75rem;
  padding: 0.75rem 1rem;
  font: 0.95rem/1.3 var(--atr-font, system-ui, sans-serif);
  color: var(--atr-text, #1b1f24);
  background: var(--atr-surface-alt, #f3f5f8);
  border-top: 2px solid var(--atr-primary, #1d5aa6);
  box-shadow: 0 -6px 20px rgba(16, 24, 40, 0.12);
}
.atrium-devtb[hidden],
.atrium-devtb[popover]:not(:popover-open) {
  display: none;
}
.atrium-devtb:focus-visible {
  outline: 3px solid var(--atr-focus, #0b57d0);
  outline-offset: -3px;
}
.atrium-devtb__title {
  margin: 0;
  align-self: center;
  font-size: 0.95rem;
  font-weight: 700;
}
.atrium-devtb__group {
  display: flex;
  align-items: flex-end;
  gap: 0.5rem;
}
.atrium-devtb__label {
  display: grid;
  gap: 0.25rem;
  font-weight: 600;
}
.atrium-devtb__end {
  margin-inline-start: auto;
}
.atrium-devtb-releases {
  /* The toolbar is fixed to the bottom of the viewport: a long release history scrolls inside it rather than
     pushing its buttons off screen. */
  max-height: min(24rem, 50vh);
  overflow: auto;
}
.atrium-devtb__message {
  flex-basis: 100%;
}
.atrium-devtb .atr-input {
  min-width: 14rem;
}
.atrium-devtb-picker {
  position: relative;
  display: grid;
  gap: 0.25rem;
}
.atrium-devtb-picker__list {
  position: absolute;
  bottom: 100%;
  inset-inline-start: 0;
  /* Above the kit's fields (z-index 1, kit.css says why) that it opens over. */
  z-index: 2;
  box-sizing: border-box;
  min-width: 100%;
  max-width: min(32rem, 90vw);
  max-height: 16rem;
  overflow: auto;
  margin: 0 0 0.25rem;
  padding: 0.25rem;
  list-style: none;
  background: var(--atr-surface, #ffffff);
  border: 1px solid var(--atr-border, #8a94a3);
  border-radius: var(--atr-radius, 8px);
  box-shadow: var(--atr-shadow, 0 10px 30px rgba(16, 24, 40, 0.18));
}
.atrium-devtb-picker__option {
  padding: 0.4rem 0.6rem;
  border-radius: 6px;
  cursor: pointer;
}
.atrium-devtb-picker__option[aria-selected='true'] {
  background: var(--atr-primary, #1d5aa6);
  color: var(--atr-on-primary, #ffffff);
  outline: 2px solid var(--atr-focus, #0b57d0);
}
.atrium-devtb-picker__abbr {
  font-weight: 700;
}
`;
