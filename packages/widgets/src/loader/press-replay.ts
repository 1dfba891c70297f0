/**
 * The page's side of the press capture (press-capture.ts): once a drawn page is live, the presses held
 * meanwhile are carried out, once each, in the order they were made. The shell calls this once its first
 * screen is complete (server-screen.ts); the legacy loader calls the capture's replay itself when the
 * widgets' script has run. Without a capture in the page (a page the server did not draw), nothing happens.
 */
import { PRESSES_GLOBAL } from './press-capture.js';
import type { PressCapture } from './press-capture.js';

/** What became of the held presses: carried out, and dropped (their button gone or disabled). */
export interface ReplayResult {
  carried: number;
  dropped: number;
}

/** Ends the page's capture (idempotent) and carries out what it held. */
export function replayHeldPresses(win: Window = window): Promise<ReplayResult> {
  const capture = (win as Window & { [PRESSES_GLOBAL]?: PressCapture })[PRESSES_GLOBAL];
  if (!capture) return Promise.resolve({ carried: 0, dropped: 0 });
  return new Promise((resolve) => capture.replay((carried, dropped) => resolve({ carried, dropped })));
}
