/**
 * The store's writes of the start-up calls, as functions over its getState/setState rather than methods:
 * `startFromBoot` and the legacy toolbar's chunk use them, the legacy widgets' entry never does, and a
 * method would ship with every store (that entry has a 15 KB gzip budget).
 */
import type { InitializeResponse } from '@atrium/api';
import type { SessionState, SessionStatus } from './store.js';

/** The part of the session store these writes need. */
export interface SessionWriter {
  getState(): SessionState;
  setState(partial: Partial<SessionState>): void;
}

/** Keys that would reach Object.prototype if merged carelessly. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Keep what initialize returned, except the token (that goes to `api.setAccessToken`). */
export function applyInitialize(store: SessionWriter, resp: InitializeResponse): void {
  store.setState({
    sis: resp.sis,
    mobile: resp.mobile,
    localeConfig: { locale: resp.locale_config.locale, timezone: resp.locale_config.timezone },
    legacyRedirect: resp.legacy_redirect,
    systemNotifications: resp.system_notifications,
  });
}

/** Merge the legacy backend's `session_data` into what earlier calls gave. */
export function mergeLegacySession(store: SessionWriter, data: Record<string, unknown>): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new TypeError('mergeLegacySession: session_data must be a key/value object');
  }
  const merged: Record<string, unknown> = { ...store.getState().legacySession };
  for (const [key, value] of Object.entries(data)) {
    if (!FORBIDDEN_KEYS.has(key)) merged[key] = value;
  }
  store.setState({ legacySession: merged });
}

const STATUSES: readonly SessionStatus[] = ['idle', 'starting', 'started', 'error', 'signed-out'];

/** One of the five statuses; anything else is a programming error, refused loudly. */
export function setStatus(store: SessionWriter, status: SessionStatus): void {
  if (!STATUSES.includes(status)) {
    throw new TypeError(`setStatus: unknown status ${JSON.stringify(status)}`);
  }
  store.setState({ status });
}
