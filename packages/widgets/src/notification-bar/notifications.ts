/**
 * Turning whatever an integrator hands the element (a property, or JSON in an attribute written by a PHP
 * template) into notifications the rules can trust. Invalid entries are dropped, not fatal: a typo in one
 * legacy template must not blank every notice on the page.
 */
import type { SystemNotification } from '@atrium/api';
import { isRecord, readNotification, readRouteInfo } from '@atrium/session/core';

/**
 * One entry, or null when it lacks an id or a message (the two things the bar cannot do without). The
 * rest is forgiven: a flag that is not `true` is false, a malformed route or body is left out. The result
 * is what the session's own check (`readNotification`) accepts.
 */
export function normalizeNotification(value: unknown): SystemNotification | null {
  if (!isRecord(value) || value['id'] === '') return null;
  const { body } = value;
  return readNotification({
    id: value['id'],
    message: value['message'],
    closeable: value['closeable'] === true,
    clickable: value['clickable'] === true,
    static: value['static'] === true,
    routeInfo: readRouteInfo(value['routeInfo']),
    ...(typeof body === 'string' ? { body } : {}),
  });
}

/** A list of notifications from anything; duplicates of an id keep the first. */
export function normalizeNotifications(value: unknown): SystemNotification[] {
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const list: SystemNotification[] = [];
  for (const entry of value) {
    const item = normalizeNotification(entry);
    if (item === null || seen.has(item.id)) continue;
    seen.add(item.id);
    list.push(item);
  }
  return list;
}

/**
 * The `notifications` attribute: a JSON array. A missing attribute means "no list given" (undefined, so
 * the element falls back to the session); unparsable JSON is reported and shows nothing.
 */
export function parseNotificationsAttribute(
  value: string | null,
  warn: (message: string) => void = console.warn,
): SystemNotification[] | undefined {
  if (value === null) return undefined;
  try {
    return normalizeNotifications(JSON.parse(value) as unknown);
  } catch {
    warn('[atrium-notification-bar] notifications attribute: not valid JSON, none shown');
    return [];
  }
}
