/**
 * The guards, as one pure decision per (route, session): the React layer only carries the decision out.
 *
 * - access guard (every route but `site`): the session must be started. While it is starting the shell
 *   waits; a failed start shows the boot error; a signed-out session goes to the login page.
 * - restricted users (`sis.access_restricted`) may only see `start` (and the public `site`).
 * - root-only routes (the admin panel) need `is_root` or `is_hq`.
 * - public guard (`site`): always renders, with or without a session.
 */
import type { SessionState } from '@atrium/session';
import { LOGIN_PATH, START_PATH } from './route-table';
import type { RouteDef } from './route-table';

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'pending' }
  | { kind: 'boot-error' }
  | { kind: 'forbidden' };

type GuardSession = Pick<SessionState, 'status' | 'sis'>;

const ALLOW: GuardDecision = { kind: 'allow' };
const PENDING: GuardDecision = { kind: 'pending' };

export function isRestricted(state: GuardSession): boolean {
  return state.status === 'started' && !!state.sis?.access_restricted;
}

export function isPrivileged(state: GuardSession): boolean {
  return !!state.sis && (state.sis.user.is_root || state.sis.is_hq);
}

/** Whether the side navigation may offer this route to this user (same rules as the guard). */
export function canNavigateTo(route: RouteDef, state: GuardSession): boolean {
  return evaluateGuard(route, state).kind === 'allow';
}

export function evaluateGuard(route: RouteDef, state: GuardSession): GuardDecision {
  if (route.redirectTo !== undefined) return { kind: 'redirect', to: route.redirectTo };
  if (route.guard === 'public') return ALLOW;
  switch (state.status) {
    case 'idle':
    case 'starting':
      return PENDING;
    case 'error':
      return { kind: 'boot-error' };
    case 'signed-out':
      return { kind: 'redirect', to: LOGIN_PATH };
    case 'started':
      break;
  }
  if (!state.sis) return PENDING;
  if (state.sis.access_restricted && route.path !== 'start') return { kind: 'redirect', to: START_PATH };
  if (route.rootOnly && !isPrivileged(state)) return { kind: 'forbidden' };
  return ALLOW;
}
