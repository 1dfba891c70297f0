/**
 * Dismissed notification ids live in sessionStorage: they last as long as the tab's session and are not a
 * secret. Storage can throw (Safari private mode, quota, disabled cookies): then we simply forget.
 */
import type { SessionStorageLike } from './store.js';

export const DISMISSED_STORAGE_KEY = 'atrium.dismissedNotifications';
const MAX_IDS = 200;

export function loadDismissedIds(storage: SessionStorageLike | null): string[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(DISMISSED_STORAGE_KEY);
    if (raw === null) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((id): id is string => typeof id === 'string'))].slice(-MAX_IDS);
  } catch {
    return [];
  }
}

export function saveDismissedIds(storage: SessionStorageLike | null, ids: readonly string[]): void {
  if (!storage) return;
  try {
    if (ids.length === 0) storage.removeItem(DISMISSED_STORAGE_KEY);
    else storage.setItem(DISMISSED_STORAGE_KEY, JSON.stringify(ids.slice(-MAX_IDS)));
  } catch {
    // Not being able to remember a dismissal is not worth an error: the banner shows again, that's all.
  }
}
