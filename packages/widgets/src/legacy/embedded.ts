/**
 * True when this legacy page is shown inside the Atrium shell (an iframe of the shell's `ext/**` area): the
 * shell's document, same origin, with its `#atrium-app` root, already shows the notification bar and the
 * toolbar, so the frame must not show a second copy of either.
 */
export function isInsideAtriumShell(win: Window = window): boolean {
  if (win.top === null || win.top === win) return false;
  try {
    return win.top.document.querySelector('#atrium-app') !== null;
  } catch {
    // A cross-origin top throws SecurityError: that is someone else's page, not the shell.
    return false;
  }
}
