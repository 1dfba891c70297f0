/**
 * What a signed-in page carries of its own: the shell the server rendered for this person
 * (shell-frame.ts), in the shell's own container, which the shell hydrates; its stylesheets, until the
 * app has adopted its own; and the start-up answer it was rendered from, for the page's boot to start
 * with instead of asking (the api client's `holdStart`).
 */
import type { InitializeResponse } from '@atrium/api/schemas';
import { canSeeDevToolbar } from '@atrium/session/core';
import { dismissedNoticesSnippet, pressCaptureSnippet } from '@atrium/widgets/loader';
import { escapeHtml, jsonForScript, styleText } from './escape.js';
import { paintHold } from './paint-hold.js';
import type { ShellFrame } from './shell-frame.js';

/** The shell's container (packages/shell/src/shell-element.ts), here with the server's markup in it. */
export const SHELL_CONTAINER_ID = 'atrium-shell';
/** Marks the server's markup (which the app hydrates) and its stylesheet, until the shell takes over. */
export const PRERENDERED_ATTR = 'data-atrium-prerendered';
export const SHELL_FRAME_STYLE_ATTR = 'data-atrium-shell-frame';
/** The start-up answer in the page (root-config/src/page-start.ts). */
export const PAGE_START_ID = 'atrium-start';
/** Parsed right after the shell's markup: the first paint waits for it (paint-hold.ts). */
const SHELL_HOLD = paintHold('atrium-shell-end');

const DISMISSED_NOTICES = dismissedNoticesSnippet();

/**
 * What is pressed on the drawn shell before the shell is live is held, and carried out once it is
 * (@atrium/widgets' press capture; the shell replays it when its first screen is complete). In the script
 * right after the shell's markup, before the first paint (which waits for the end of the markup), not ahead
 * of it: an inline script waits for the head's stylesheets, and ahead of the markup it held the markup's
 * parsing until then (the first paint at 4x CPU 70-115 ms later in two of three bench runs). The toolbar's
 * Ctrl+Shift+A only for the users who have the toolbar: for the rest it stays the browser's.
 */
const PRESS_CAPTURE = {
  toolbar: pressCaptureSnippet('1', `#${SHELL_CONTAINER_ID}`),
  plain: pressCaptureSnippet('0', `#${SHELL_CONTAINER_ID}`),
};

export function signedInSlots(
  frame: ShellFrame,
  start: InitializeResponse,
  nonce: string,
): { styles: string; start: string; shell: string } {
  const nonceAttr = `nonce="${escapeHtml(nonce)}"`;
  return {
    // The browser may paint a document before it has parsed all of it: the screen would come in two
    // frames, top bar first and the home's cards a frame or two later (its largest contentful paint,
    // 150-200 ms after the first on this host). The expect link holds the first paint until the shell's
    // markup is all in.
    styles:
      `<style ${nonceAttr} ${SHELL_FRAME_STYLE_ATTR}>${styleText(frame.css)}</style>\n` + SHELL_HOLD.link,
    start: `<script type="application/json" id="${PAGE_START_ID}" ${nonceAttr}>${jsonForScript(start)}</script>`,
    // This tab's dismissed notices out of the drawn bar before the first paint (the server cannot know them),
    // and the press capture from that paint on.
    shell:
      `<div id="${SHELL_CONTAINER_ID}" ${PRERENDERED_ATTR}>${frame.html}</div>` +
      `<script ${nonceAttr}>${DISMISSED_NOTICES}${PRESS_CAPTURE[canSeeDevToolbar(start.sis) ? 'toolbar' : 'plain']}</script>` +
      SHELL_HOLD.end,
  };
}
