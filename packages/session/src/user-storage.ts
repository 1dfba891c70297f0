/**
 * Tab storage that belongs to whoever is signed in (the profile notes, "Only you see these notes"): every
 * key under `USER_DATA_PREFIX`. It goes at sign-out, so the next person to use the tab finds none of it.
 * Apps that keep per-user things in sessionStorage name their keys with `userDataKey`.
 */
import type { SessionStorageLike } from './store.js';

export const USER_DATA_PREFIX = 'atrium.user.';

export function userDataKey(name: string): string {
  return `${USER_DATA_PREFIX}${name}`;
}

export function clearUserData(storage: SessionStorageLike | null): void {
  if (!storage || typeof storage.key !== 'function') return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < (storage.length ?? 0); i++) {
      const key = storage.key(i);
      if (key?.startsWith(USER_DATA_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Storage that cannot be read held nothing we could have written either.
  }
}
