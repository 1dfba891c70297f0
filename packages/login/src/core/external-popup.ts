/**
 * The external (SSO) sign-in handshake with the identity provider's popup.
 *
 * The popup posts `{ type: 'atrium-sso', state, code }` to its opener. Anyone can post a message to a
 * window, so a message is believed only when all three hold: it comes from this page's own origin
 * (compared exactly, never with startsWith or a regex), from the very window we opened, and it carries
 * the `state` the server gave us for this attempt.
 */

/** The part of a Window the handshake needs. */
export interface PopupWindow {
  readonly closed: boolean;
  close(): void;
  focus(): void;
}

export interface PopupMessage {
  readonly origin: string;
  readonly source: unknown;
  readonly data: unknown;
}

export interface ExternalPopupDeps {
  /** Opens the popup; null when the browser blocked it. */
  open(url: string): PopupWindow | null;
  /** Subscribes to `message` events of this window; returns the unsubscribe function. */
  onMessage(listener: (event: PopupMessage) => void): () => void;
  /** This page's origin, e.g. `location.origin`. */
  origin: string;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export type PopupOutcome =
  { type: 'code'; code: string } | { type: 'blocked' } | { type: 'closed' } | { type: 'foreign-origin' };

export interface PopupHandle {
  /** Stops listening and closes the popup (Back, unmount, a new attempt). */
  cancel(): void;
  focus(): void;
}

/** How often to look whether the user closed the popup; there is no event for it. */
export const CLOSED_POLL_MS = 500;
/**
 * The popup posts its message and then closes itself at once; the message may be dispatched after the
 * close is visible. Wait this many polls after seeing it closed before calling it "closed by the user".
 */
const CLOSED_GRACE_POLLS = 2;

function codeFrom(data: unknown, expectedState: string): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  if (record['type'] !== 'atrium-sso' || record['state'] !== expectedState) return null;
  const code = record['code'];
  return typeof code === 'string' && code.length > 0 && code.length <= 512 ? code : null;
}

export function openExternalPopup(
  deps: ExternalPopupDeps,
  request: { url: string; state: string },
  onOutcome: (outcome: PopupOutcome) => void,
): PopupHandle {
  const popup = deps.open(request.url);
  if (!popup) {
    onOutcome({ type: 'blocked' });
    return { cancel() {}, focus() {} };
  }
  let finished = false;
  let closedPolls = 0;

  const finish = (outcome: PopupOutcome | null) => {
    if (finished) return;
    finished = true;
    unsubscribe();
    deps.clearInterval(poll);
    if (!popup.closed) popup.close();
    if (outcome) onOutcome(outcome);
  };

  const unsubscribe = deps.onMessage((event) => {
    if (finished) return;
    if (event.origin !== deps.origin) {
      // Not ours: say so, and keep waiting for the real popup.
      onOutcome({ type: 'foreign-origin' });
      return;
    }
    // Same origin but another window (a devtools extension, another tab's script): not the handshake.
    if (event.source !== popup) return;
    const code = codeFrom(event.data, request.state);
    if (code !== null) finish({ type: 'code', code });
  });

  const poll = deps.setInterval(() => {
    if (!popup.closed) return;
    closedPolls += 1;
    if (closedPolls > CLOSED_GRACE_POLLS) finish({ type: 'closed' });
  }, CLOSED_POLL_MS);

  return {
    cancel: () => finish(null),
    focus: () => {
      if (!finished && !popup.closed) popup.focus();
    },
  };
}
