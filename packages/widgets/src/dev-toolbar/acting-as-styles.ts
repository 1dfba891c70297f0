/**
 * The acting-as banner's own rules, apart from the toolbar's: the banner renders wherever it is placed (the
 * shell's top, a legacy page's toolbar element, later a shadow root), and carries its styles with it.
 */
export const actingAsCss = `
.atrium-devtb-acting {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
  padding: 0.5rem 1rem;
  font: 0.95rem/1.3 var(--atr-font, system-ui, sans-serif);
  background: var(--atr-warning-surface, #fff4d6);
  color: var(--atr-warning-text, #5c3d00);
  border-bottom: 2px solid var(--atr-warning-border, #b7791f);
}
/* In the top layer, absolute means against the initial containing block: the top of the page, scrolling
   with it, over the room top-room.ts keeps for it (fixed, it would cover the page's top when scrolled). */
.atrium-devtb-acting--floating {
  position: absolute;
  inset: 0 0 auto 0;
  width: auto;
  height: auto;
  margin: 0;
  border: 0;
  border-bottom: 2px solid var(--atr-warning-border, #b7791f);
  box-sizing: border-box;
  z-index: 900;
}
.atrium-devtb-acting__text {
  margin: 0;
}
`;
