import { HOST_RESET_CSS, remToPx } from '../shadow-reset.js';

/**
 * The bar's styles live in its shadow root (adopted by Lit, so a strict CSP needs no 'unsafe-inline') and
 * cannot leak into, or be broken by, a legacy page's CSS. Colours read the kit's custom properties when the
 * page defines them (the shell does) and fall back to the same values on legacy pages; every pair is
 * WCAG 2.2 AA (4.5:1 text, 3:1 focus ring).
 *
 * Written one rule per line, without spaces the CSS does not need and without CSS comments: the text ships
 * as it is, in the widgets entry's 15 KB. (HOST_RESET_CSS already hides the host while it is `hidden`.) The
 * notes that would be comments: `min-height: 25px` on `.note` is SPEC section 9 (a notification is at
 * least 25px tall); `.frame--reserved` holds the room of one notice from the first frame, 33px: a closeable
 * notice's height (the 24px close button, 0.25rem of padding above and below, the 1px border), so the page
 * does not move by the difference when the notices arrive (packages/server/public/base.css holds the same
 * room before the tag is defined); the narrow-screen `@media` block folds several notices into the first
 * one, on one line, with a button that says how many there are, in the first notice's end padding, wide
 * enough for "Show all 99 notices" beside the close button (a 24px target with its spacing).
 */
export const notificationBarCss = remToPx(`${HOST_RESET_CSS}
:host{font:.95rem/1.4 var(--atr-font,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif)!important;color:var(--atr-text,#1b1f24)!important}
.frame--reserved{min-height:33px}
.list{margin:0;padding:0;list-style:none}
.note{box-sizing:border-box;display:flex;align-items:center;gap:.75rem;min-height:25px;padding:.25rem .75rem;background:var(--atr-info-surface,#e8f0fb);border-bottom:1px solid var(--atr-border-subtle,#d5dae1)}
.note--static{background:var(--atr-warning-surface,#fff4d6);color:var(--atr-warning-text,#5c3d00);border-bottom-color:var(--atr-warning-border,#b7791f)}
.note--static::before{content:'!';font-weight:700}
.message{flex:1;min-width:0;overflow-wrap:anywhere}
.open{font:inherit;color:var(--atr-primary,#1d5aa6);text-decoration:underline;text-underline-offset:2px;background:none;border:0;padding:0;text-align:start;cursor:pointer}
.note--static .open{color:inherit}
.close{flex:none;display:inline-grid;place-items:center;min-width:24px;min-height:24px;font-family:inherit;font-size:1.1rem;font-weight:700;line-height:1;color:inherit;background:none;border:1px solid transparent;border-radius:4px;cursor:pointer}
.close:hover{border-color:currentColor}
button:focus-visible,a:focus-visible,dialog:focus-visible{outline:3px solid var(--atr-focus,#0b57d0);outline-offset:2px}
dialog{font:1rem/1.45 var(--atr-font,system-ui,sans-serif);color:var(--atr-text,#1b1f24);background:var(--atr-surface,#fff);border:0;border-radius:12px;box-shadow:var(--atr-shadow,0 10px 30px rgba(16,24,40,.18));width:min(32rem,calc(100vw - 2rem));max-height:calc(100vh - 2rem);padding:1.25rem 1.5rem}
dialog::backdrop{background:rgba(16,24,40,.55)}
h2{margin:0 0 .75rem;font-size:1.2rem}
.body a{color:var(--atr-primary,#1d5aa6)}
.actions{display:flex;justify-content:flex-end;margin-top:1.25rem}
.button{font-family:inherit;font-size:.95rem;font-weight:600;line-height:1.2;min-height:2.5rem;padding:.5rem 1rem;border-radius:8px;border:1px solid var(--atr-primary,#1d5aa6);background:var(--atr-primary,#1d5aa6);color:var(--atr-on-primary,#fff);cursor:pointer}
.fold{display:none}
@media (max-width:767.98px){
.frame{position:relative}
.list:not(.list--expanded)>.note:not(:first-child){display:none}
.list:not(.list--expanded)>.note:first-child{padding-inline-end:10.5rem}
.list:not(.list--expanded) .message{overflow:hidden;white-space:nowrap;text-overflow:ellipsis}
.fold{display:block;min-height:24px;margin-inline-start:auto;padding:.25rem .75rem;font:inherit;font-size:.85rem;color:var(--atr-primary,#1d5aa6);text-decoration:underline;background:none;border:0;cursor:pointer}
.list:not(.list--expanded)~.fold{position:absolute;top:0;bottom:0;inset-inline-end:0}
}
@media (forced-colors:active){
.note{border:1px solid CanvasText}
}
`);
