/**
 * The unread-notifications count of the user menu, framework-free: fetched when the shell starts for a
 * signed-in user and again whenever the tab becomes visible (the user was away; mail may have come). A
 * failed call hides the count (null) rather than showing a stale or made-up number. Side effects (the
 * call, the visibility events) are injected so tests drive them.
 */
import { createStore } from '@atrium/store';
import type { ReadableStore } from '@atrium/store';

export interface UnreadCounterDeps {
  fetchCount: (signal: AbortSignal) => Promise<number>;
  /** Calls `fn` each time the page becomes visible again; returns the unsubscribe. */
  onVisible: (fn: () => void) => () => void;
}

export interface UnreadCounterState {
  /** The last count the server gave, or null: not known yet, or the last call failed. */
  count: number | null;
}

export interface UnreadCounter extends ReadableStore<UnreadCounterState> {
  /** Fetch now and on each return to the tab, until the returned stop is called. */
  start(): () => void;
}

export function createUnreadCounter(deps: UnreadCounterDeps): UnreadCounter {
  const store = createStore<UnreadCounterState>({ count: null });
  let inFlight: AbortController | null = null;

  const set = (count: number | null) => store.setState({ count });

  const refresh = () => {
    // A newer refresh wins: an older answer arriving late must not overwrite it.
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    deps.fetchCount(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        set(Number.isInteger(value) && value >= 0 ? value : null);
      },
      () => {
        if (!controller.signal.aborted) set(null);
      },
    );
  };

  return {
    getState: store.getState,
    subscribe: store.subscribe,
    start() {
      refresh();
      const stopVisible = deps.onVisible(refresh);
      return () => {
        stopVisible();
        inFlight?.abort();
        inFlight = null;
      };
    },
  };
}

/** What the badge says to a screen reader: '3 unread notifications', '1 unread notification'. */
export function unreadLabel(count: number): string {
  return `${count} unread notification${count === 1 ? '' : 's'}`;
}

/** What the badge shows: the number, capped so it stays a badge. */
export function unreadBadgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}
