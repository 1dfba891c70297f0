/**
 * The fields of initialize's answer a legacy page's widgets act on before anything else loads: the
 * notices, who the user is (toolbar or not) and the bearer token. Hand-written rather than valibot: the
 * widgets entry has a 15 KB gzip budget and the validator alone would take a third of it. The same rules as
 * the client's schemas (`InitializeResponseSchema`, `SystemNotificationSchema`); cookie-answer.test.ts
 * runs both on the same answers, valid and invalid, so the two cannot drift apart. The toolbar chunk (root
 * and HQ users only) validates the whole answer with the real schema before the full client uses it.
 */
import type { Sis, SystemNotification } from '@atrium/api';

/** What the checks let through: plain data, safe to share between copies of the widgets bundle. */
export interface CookieAnswer {
  sis: Sis;
  notifications: SystemNotification[];
  token: string;
}

type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A notice's `routeInfo` when it is one (three strings), else null. */
export function readRouteInfo(value: unknown): SystemNotification['routeInfo'] {
  if (!isRecord(value)) return null;
  const { app, category, type } = value;
  return typeof app === 'string' && typeof category === 'string' && typeof type === 'string'
    ? { app, category, type }
    : null;
}

/** SystemNotificationSchema, strictly: one malformed entry fails the answer, as the full client does. */
export function readNotification(value: unknown): SystemNotification | null {
  if (!isRecord(value)) return null;
  const { id, message, closeable, clickable, body, routeInfo } = value;
  const isStatic = value['static'];
  if (typeof id !== 'string' || typeof message !== 'string') return null;
  if (typeof closeable !== 'boolean' || typeof clickable !== 'boolean') return null;
  if (isStatic !== undefined && typeof isStatic !== 'boolean') return null;
  if (body !== undefined && typeof body !== 'string') return null;
  const route = readRouteInfo(routeInfo);
  if (routeInfo !== null && route === null) return null;
  const item: SystemNotification = {
    id,
    message,
    closeable,
    clickable,
    static: isStatic ?? false,
    routeInfo: route,
  };
  if (body !== undefined) item.body = body;
  return item;
}

/** The sis fields the widgets decide on (who gets the toolbar); the rest is checked by the toolbar chunk. */
function readSis(value: unknown): Sis | null {
  if (!isRecord(value) || !isRecord(value['user'])) return null;
  if (typeof value['user']['is_root'] !== 'boolean' || typeof value['is_hq'] !== 'boolean') return null;
  const actingAs = value['acting_as'];
  if (actingAs !== null && !(isRecord(actingAs) && typeof actingAs['original_username'] === 'string')) {
    return null;
  }
  // Only the fields above are relied on before the full validation.
  return value as unknown as Sis;
}

/** initialize's answer reduced to the bar's fields, or null when any of them breaks the schema's rules. */
export function readCookieAnswer(json: unknown): CookieAnswer | null {
  if (!isRecord(json)) return null;
  const token = json['lapi_access_token'];
  const list = json['system_notifications'];
  const sis = readSis(json['sis']);
  if (typeof token !== 'string' || token === '' || sis === null || !Array.isArray(list)) return null;
  const notifications: SystemNotification[] = [];
  for (const entry of list) {
    const item = readNotification(entry);
    if (item === null) return null;
    notifications.push(item);
  }
  return { sis, notifications, token };
}
