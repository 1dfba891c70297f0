/**
 * Turning whatever an integrator hands the element (a property, or JSON in an attribute written by a PHP
 * template) into notifications the rules can trust. Invalid entries are dropped, not fatal: a typo in one
 * legacy template must not blank every notice on the page.
 */
import type { SystemNotification } from '@atrium/api';

type RouteInfo = SystemNotification['routeInfo'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function routeInfoOf(value: unknown): RouteInfo {
  if (!isRecord(value)) return null;
  const { app, category, type } = value;
  return typeof app === 'string' && typeof category === 'string' && typeof type === 'string'
    ? { app, category, type }
    : null;
}

/** One entry, or null when it lacks an id or a message (the two things the bar cannot do without). */
export function normalizeNotification(value: unknown): SystemNotification | null {
  if (!isRecord(value)) return null;
  const { id, message, closeable, clickable, body } = value;
  if (typeof id !== 'string' || id === '' || typeof message !== 'string') return null;
  const item: SystemNotification = {
    id,
    message,
    closeable: closeable === true,
    clickable: clickable === true,
    static: value['static'] === true,
    routeInfo: routeInfoOf(value['routeInfo']),
  };
  if (typeof body === 'string') item.body = body;
  return item;
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
    warn('[atrium-notification-bar] the notifications attribute is not valid JSON; showing none.');
    return [];
  }
}
