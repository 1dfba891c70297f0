/**
 * The legacy session on the notification bar's critical path: initialize, one plain fetch in the entry.
 * initialize answers on the legacy cookie (as it does for the shell's boot) and brings the user, the
 * notifications and its own `lapi_access_token`, so the bar needs no cookie-for-token trade
 * (get_access_token.php) first: that was a second request, and waiting for its answer held the bar back.
 * The full @atrium/api client (and valibot, its validator) would be a chunk to download and run before the
 * request could start; for a student that waterfall was most of the bar's delay and a third of its bytes.
 * Only the fields the widgets read are checked here, by the same rules as the client's schemas, and
 * failures are the client's own `ApiError`s. The toolbar chunk (root and HQ only) validates the whole
 * initialize answer with the full schema before anything else uses it.
 */
// errors.ts imports nothing: the client's error type without the client.
import { ApiError, UNKNOWN_ERROR_MESSAGE, errorForStatus, tryParseJson } from '@atrium/api/errors';
import type { Sis, SystemNotification } from '@atrium/api';
import type { LegacySessionSnapshot } from '../registry.js';

/**
 * A hung Atrium (connections accepted, never answered) must not hold the bar's frame open for long: after
 * this the bar gives its room back and the page carries on without it.
 */
export const SESSION_TIMEOUT_MS = 8_000;
/** Signed out, as the server says to `?optional=1` (no 401 for the browser to log). */
const NO_SESSION = 204;
// eslint-disable-next-line no-control-regex -- a header value with CR/LF or NUL is an injection attempt
const HEADER_UNSAFE = /[\u0000-\u001f\u007f]/;

export interface LiteLegacySession {
  snapshot: LegacySessionSnapshot;
  /** initialize's answer as received, for the toolbar chunk to validate in full and adopt (no refetch). */
  initialize: unknown;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(status: number): ApiError {
  return new ApiError('invalid-response', UNKNOWN_ERROR_MESSAGE, status);
}

/**
 * One POST with the client's behaviour: the session cookie, JSON both ways, timeout, error codes. `url` is
 * on Atrium's origin (api-origin.ts): the page's own (a relative path), or another origin of the site,
 * where the cookie goes too (`include`) and the server answers CORS only to the origins it lists.
 */
async function postJson(
  fetchImpl: typeof fetch,
  url: string,
  credentials: RequestCredentials,
  timeoutMs: number,
): Promise<{ status: number; json: unknown }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  let status: number;
  let ok: boolean;
  let text: string;
  try {
    // The cookie only; no bearer is sent.
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{}',
      credentials,
      signal: controller.signal,
    });
    status = response.status;
    ok = response.ok;
    text = await response.text();
  } catch (cause) {
    throw new ApiError(timedOut ? 'timeout' : 'network', UNKNOWN_ERROR_MESSAGE, 0, { cause });
  } finally {
    clearTimeout(timer);
  }
  if (status === NO_SESSION) throw new ApiError('unauthorized', UNKNOWN_ERROR_MESSAGE, status);
  if (!ok) throw errorForStatus(status, text);
  const json = tryParseJson(text);
  if (json === undefined) throw invalid(status);
  return { status, json };
}

/** SystemNotificationSchema, strictly: one malformed entry fails the answer, as the full client does. */
function notificationOf(value: unknown): SystemNotification | null {
  if (!isRecord(value)) return null;
  const { id, message, closeable, clickable, body, routeInfo } = value;
  const isStatic = value['static'];
  if (typeof id !== 'string' || typeof message !== 'string') return null;
  if (typeof closeable !== 'boolean' || typeof clickable !== 'boolean') return null;
  if (isStatic !== undefined && typeof isStatic !== 'boolean') return null;
  if (body !== undefined && typeof body !== 'string') return null;
  let route: SystemNotification['routeInfo'] = null;
  if (routeInfo !== null) {
    if (!isRecord(routeInfo)) return null;
    const { app, category, type } = routeInfo;
    if (typeof app !== 'string' || typeof category !== 'string' || typeof type !== 'string') return null;
    route = { app, category, type };
  }
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
function sisOf(value: unknown): Sis | null {
  if (!isRecord(value) || !isRecord(value['user'])) return null;
  if (typeof value['user']['is_root'] !== 'boolean' || typeof value['is_hq'] !== 'boolean') return null;
  const actingAs = value['acting_as'];
  if (actingAs !== null && !(isRecord(actingAs) && typeof actingAs['original_username'] === 'string')) {
    return null;
  }
  // Plain data shared through the registry; only the fields above are relied on before full validation.
  return value as unknown as Sis;
}

/** Reads initialize on Atrium's cookie, at `apiOrigin`. Throws `ApiError` (or TypeError) on failure. */
export async function fetchLegacySession(
  fetchImpl: typeof fetch = globalThis.fetch,
  apiOrigin: string = globalThis.location.origin,
  timeoutMs: number = SESSION_TIMEOUT_MS,
): Promise<LiteLegacySession> {
  // `optional=1`: a visitor with no session is answered 204, not a 401 the browser would log.
  const path = '/lapi/rpc/common/ionic/initialize?optional=1';
  const { status, json } =
    apiOrigin === globalThis.location.origin
      ? await postJson(fetchImpl, path, 'same-origin', timeoutMs)
      : await postJson(fetchImpl, `${apiOrigin}${path}`, 'include', timeoutMs);
  if (!isRecord(json)) throw invalid(status);
  const lapiToken = json['lapi_access_token'];
  const list = json['system_notifications'];
  const sis = sisOf(json['sis']);
  if (typeof lapiToken !== 'string' || lapiToken === '' || sis === null || !Array.isArray(list)) {
    throw invalid(status);
  }
  if (HEADER_UNSAFE.test(lapiToken)) {
    // What the client's setAccessToken throws for such a token (the toolbar chunk hands it this one).
    throw new TypeError('setAccessToken: the token must be a non-empty string without control characters');
  }
  const notifications: SystemNotification[] = [];
  for (const entry of list) {
    const item = notificationOf(entry);
    if (item === null) throw invalid(status);
    notifications.push(item);
  }
  return { snapshot: { sis, notifications }, initialize: json };
}
