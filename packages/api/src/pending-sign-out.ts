/**
 * A sign-out the server never heard about: the logout call failed, so the HttpOnly session
 * cookie, which no script can clear, still names a live session. The browser remembers that the user asked
 * to leave (in localStorage, because the cookie is shared by every tab) until the server confirms a sign-out
 * or a new sign-in replaces the session; until then no page starts with the old session.
 */
export interface FlagStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export const PENDING_SIGN_OUT_KEY = 'atrium.signOutPending';

export interface PendingSignOut {
  isSet(): boolean;
  set(): void;
  clear(): void;
}

export function createPendingSignOut(storage: FlagStorage | null): PendingSignOut {
  // Storage can throw (disabled, full): then only this page's memory knows, which still covers this tab.
  let inMemory = false;
  return {
    isSet() {
      try {
        return inMemory || (storage?.getItem(PENDING_SIGN_OUT_KEY) ?? null) !== null;
      } catch {
        return inMemory;
      }
    },
    set() {
      inMemory = true;
      try {
        storage?.setItem(PENDING_SIGN_OUT_KEY, '1');
      } catch {
        // Memory only, see above.
      }
    },
    clear() {
      inMemory = false;
      try {
        storage?.removeItem(PENDING_SIGN_OUT_KEY);
      } catch {
        // Nothing to clear.
      }
    },
  };
}

/**
 * Also a cookie the server reads (packages/server/src/routes/signed-in-login.ts): it sends a signed-in user
 * from the sign-in page home, and must not while the user's sign-out is pending, or the page that starts
 * signed out and the server that still sees the session would send the browser back and forth.
 */
export const PENDING_SIGN_OUT_COOKIE = 'atrium_signout';

function markCookie(on: boolean): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${PENDING_SIGN_OUT_COOKIE}=${on ? 1 : '; max-age=0'}; path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
}

export function browserPendingSignOut(): PendingSignOut {
  let storage: FlagStorage | null = null;
  try {
    storage = typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    storage = null;
  }
  const flag = createPendingSignOut(storage);
  return {
    isSet: flag.isSet,
    set() {
      flag.set();
      markCookie(true);
    },
    clear() {
      flag.clear();
      markCookie(false);
    },
  };
}
