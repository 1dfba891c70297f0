/**
 * The session store: what the start-up calls returned, in one framework-free store (@atrium/store's
 * `createStore`: getState / setState / subscribe) that every app on the page reads, and the legacy page's
 * widgets too. It alone decides which notices show (`noticesToShow`) and keeps which were dismissed. The
 * access token never enters it: the token lives in the api client's (or the transport's) memory only.
 *
 * Tabs stay in step through a BroadcastChannel: signing out in one tab signs out all of them, changing
 * school in one reloads the others (their data belongs to the old school). A tab still starting when such
 * a message is sent cannot hear it, so the last change is also written down with its time (localStorage
 * `atrium.sessionChange`): a store that starts on a page requested before that change acts on it as if it
 * had heard it.
 */
import { LOGIN_PATH } from '@atrium/api/routes';
import type { Sis, SystemNotification } from '@atrium/api';
import { createStore } from '@atrium/store';
import { parseChannelMessage } from './channel.js';
import type { SessionChannelMessage } from './channel.js';
import { loadDismissedIds, saveDismissedIds } from './dismissed-storage.js';
import { clearUserData } from './user-storage.js';

export const SESSION_CHANNEL_NAME = 'atrium-session';
/** localStorage: the last change a tab told the others of, `{ type, at }` (ms since the epoch). */
export const SESSION_CHANGE_KEY = 'atrium.sessionChange';

export type SessionStatus = 'idle' | 'starting' | 'started' | 'error' | 'signed-out';

export interface SessionState {
  status: SessionStatus;
  sis: Sis | null;
  mobile: boolean;
  localeConfig: { locale: string; timezone: string } | null;
  legacyRedirect: string | null;
  systemNotifications: readonly SystemNotification[];
  /** The legacy backend's `session_data`, merged call after call. */
  legacySession: Readonly<Record<string, unknown>>;
  dismissedNotificationIds: readonly string[];
}

export type SessionListener = (state: SessionState, previous: SessionState) => void;

/** The part of BroadcastChannel the store uses (tests pass a fake pair). */
export interface SessionChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  removeEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

/** The part of sessionStorage the store uses. */
export interface SessionStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /** For sign-out, which removes every per-user key (user-storage.ts); sessionStorage has both. */
  readonly length?: number;
  key?(index: number): string | null;
}

export interface SessionStoreOptions {
  /** Defaults to BroadcastChannel('atrium-session') when the platform has one; null for none. */
  channel?: SessionChannel | null;
  /** Defaults to sessionStorage when reachable; null for none. */
  storage?: SessionStorageLike | null;
  /** Shared by the origin's tabs, for the last change (defaults to localStorage when reachable; null for none). */
  sharedStorage?: Pick<SessionStorageLike, 'getItem' | 'setItem'> | null;
  /**
   * When this page was requested (ms since the epoch; defaults to `performance.timeOrigin`): a change another
   * tab made after it may be missing from what the server drew.
   */
  pageRequestedAt?: number;
  /** Another tab signed out. Default: go to the login page. */
  onRemoteSignOut?: () => void;
  /**
   * Another tab changed school, or the user it acts as (switch user, switch back). Default: reload, since
   * everything on screen belongs to the old one.
   */
  onRemoteSchoolChange?: () => void;
}

export function initialSessionState(
  status: SessionStatus = 'idle',
  dismissedNotificationIds: readonly string[] = [],
): SessionState {
  return {
    status,
    sis: null,
    mobile: false,
    localeConfig: null,
    legacyRedirect: null,
    systemNotifications: [],
    legacySession: {},
    dismissedNotificationIds,
  };
}

const STATE_KEYS = Object.keys(initialSessionState()) as (keyof SessionState)[];

function defaultChannel(): SessionChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(SESSION_CHANNEL_NAME);
  // Outside a browser (Node), an open channel would keep the process alive.
  (channel as { unref?: () => void }).unref?.();
  return channel as unknown as SessionChannel;
}

function defaultStorage(): SessionStorageLike | null {
  try {
    // Merely reading `sessionStorage` throws when storage is disabled.
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function defaultSharedStorage(): Pick<SessionStorageLike, 'getItem' | 'setItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The last change written down, if it is one (anything else in the key is ignored). */
function readLastChange(
  shared: Pick<SessionStorageLike, 'getItem'> | null,
): { message: SessionChannelMessage; at: number } | null {
  try {
    const value: unknown = JSON.parse(shared?.getItem(SESSION_CHANGE_KEY) ?? 'null');
    const message = parseChannelMessage(value);
    const at = (value as { at?: unknown } | null)?.at;
    return message && typeof at === 'number' && Number.isFinite(at) ? { message, at } : null;
  } catch {
    return null;
  }
}

export function createSessionStore(options: SessionStoreOptions = {}) {
  const channel = options.channel === undefined ? defaultChannel() : options.channel;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const shared = options.sharedStorage === undefined ? defaultSharedStorage() : options.sharedStorage;
  const pageRequestedAt = options.pageRequestedAt ?? globalThis.performance?.timeOrigin ?? 0;
  const onRemoteSignOut = options.onRemoteSignOut ?? (() => globalThis.location?.assign(LOGIN_PATH));
  const onRemoteSchoolChange = options.onRemoteSchoolChange ?? (() => globalThis.location?.reload());

  const store = createStore<SessionState>(initialSessionState('idle', loadDismissedIds(storage)));
  /** Tells the server of a dismissal (set by the page's start: its transport, its credentials). */
  let sendDismissal: ((id: string) => unknown) | null = null;
  const { getState } = store;
  /** Every live subscription's way out, so `destroy` can drop them all. */
  const unsubscribes = new Set<() => void>();

  function subscribe(listener: SessionListener): () => void {
    const stop = store.subscribe(listener);
    const unsubscribe = () => {
      unsubscribes.delete(unsubscribe);
      stop();
    };
    unsubscribes.add(unsubscribe);
    return unsubscribe;
  }

  /**
   * Shallow-merge known keys (an `undefined` value is no change); listeners hear about it only when
   * something really changed.
   */
  function setState(
    partial: Partial<SessionState> | ((current: SessionState) => Partial<SessionState>),
  ): void {
    const patch = typeof partial === 'function' ? partial(getState()) : partial;
    const known: Partial<SessionState> = {};
    for (const key of STATE_KEYS) {
      if (Object.prototype.hasOwnProperty.call(patch, key) && patch[key] !== undefined) {
        (known as Record<string, unknown>)[key] = patch[key];
      }
    }
    store.setState(known);
  }

  function post(message: SessionChannelMessage): void {
    try {
      shared?.setItem(SESSION_CHANGE_KEY, JSON.stringify({ ...message, at: Date.now() }));
    } catch {
      // Storage full or disabled: the tabs that are listening still hear the message.
    }
    try {
      channel?.postMessage(message);
    } catch {
      // A closed channel: other tabs will find out on their next call (a 401), which is good enough.
    }
  }

  function resetTo(status: SessionStatus): void {
    saveDismissedIds(storage, []);
    clearUserData(storage);
    store.setState(initialSessionState(status), true);
  }

  const onMessage = (event: { data: unknown }) => {
    const message = parseChannelMessage(event.data);
    if (message === null) return;
    if (message.type === 'signed-out') {
      resetTo('signed-out');
      onRemoteSignOut();
    } else {
      onRemoteSchoolChange();
    }
  };
  channel?.addEventListener('message', onMessage);
  // A change made after this page was requested, before this store listened: what was drawn may predate it.
  const missed = readLastChange(shared);
  if (missed && missed.at > pageRequestedAt) onMessage({ data: missed.message });

  return {
    getState,
    setState,
    subscribe,

    /**
     * Hide a closeable notice for the rest of the sign-in: here and on every later page of the tab at once
     * (the new app's and the legacy pages' stores read the same sessionStorage key: nothing flickers while
     * the server hears of it), and on every host of the site through the server, which keeps it in the
     * session and leaves it out of initialize and the notice feed. Ids another store of this tab wrote
     * meanwhile are kept.
     */
    dismissNotification(id: string): void {
      if (typeof id !== 'string' || id === '') return;
      const current = getState().dismissedNotificationIds;
      const known = [...new Set([...current, ...loadDismissedIds(storage)])];
      if (known.includes(id) && known.length === current.length) return;
      const ids = known.includes(id) ? known : [...known, id];
      saveDismissedIds(storage, ids);
      setState({ dismissedNotificationIds: ids });
      sendDismissal?.(id);
    },

    /**
     * How dismissals reach the server: the page's start sets it (the cookie transport on a legacy page,
     * Atrium's own origin in the new app). A failed send costs only the other hosts' copy.
     */
    setDismissalSender(send: ((id: string) => unknown) | null): void {
      sendDismissal = send;
    },

    /** Forget this session here and tell the other tabs. The caller ends the server session (api.logout). */
    signOut(): void {
      resetTo('signed-out');
      post({ type: 'signed-out' });
    },

    /** Tell the other tabs the school changed (after api.swapCompany); this tab navigates on its own. */
    changeSchool(): void {
      post({ type: 'school-changed' });
    },

    /** Tell the other tabs the session now acts as another user (switch user or switch back). */
    changeUser(): void {
      post({ type: 'user-changed' });
    },

    /** Back to the first state: nothing known, nothing dismissed. */
    reset(): void {
      resetTo('idle');
    },

    /** Stop listening to other tabs and drop all subscribers (tests, hot reload). */
    destroy(): void {
      channel?.removeEventListener('message', onMessage);
      try {
        channel?.close();
      } catch {
        // Already closed.
      }
      for (const unsubscribe of [...unsubscribes]) unsubscribe();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
