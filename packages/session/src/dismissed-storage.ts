/**
 * Dismissed notification ids live in sessionStorage: they last as long as the tab's session and are not a
 * secret. Storage can throw (Safari private mode, quota, disabled cookies): then we simply forget.
 *
 * The same key is written by legacy PHP pages (the widgets) and by the new app in the same tab, so the text
 * must not depend on the page's globals: Prototype.js 1.6 defines `Array.prototype.toJSON` (returning a
 * string), which makes `JSON.stringify(array)` double-encode. The list is written by hand instead, and a
 * list double-encoded by an older copy is still read back.
 */
import type { SessionStorageLike } from './store.js';

export const DISMISSED_STORAGE_KEY = 'atrium.dismissedNotifications';
const MAX_IDS = 200;

export function loadDismissedIds(storage: SessionStorageLike | null): string[] {
  if (!storage) return [];
  try {
    const raw = storage.getItem(DISMISSED_STORAGE_KEY);
    if (raw === null) return [];
    let parsed: unknown = JSON.parse(raw);
    // Written by a copy that ran JSON.stringify under Prototype.js: a string holding the list.
    if (typeof parsed === 'string') parsed = JSON.parse(parsed);
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
    else storage.setItem(DISMISSED_STORAGE_KEY, stringListJson(ids.slice(-MAX_IDS)));
  } catch {
    // Not being able to remember a dismissal is not worth an error: the banner shows again, that's all.
  }
}

/**
 * `JSON.stringify(ids)` without consulting any `toJSON`: only the array could carry one (primitive strings
 * are never asked for theirs), so the brackets and commas are written here and each string is encoded
 * alone.
 */
export function stringListJson(ids: readonly string[]): string {
  let text = '[';
  for (let i = 0; i < ids.length; i += 1) text += (i === 0 ? '' : ',') + JSON.stringify(String(ids[i]));
  return `${text}]`;
}
