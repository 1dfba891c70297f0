/**
 * The legacy page's session, picked up rather than started: the PHP page already has the user's legacy
 * cookie, so the widgets trade it for a bearer token (get_access_token.php) and ask initialize for the user
 * and the notifications. Never a second login. Done once per page, whichever tag or copy asks first.
 */
import * as v from 'valibot';
import { api, isApiError } from '@atrium/api';
import { ownEntriesOnly } from './own-entries.js';
// The schemas subpath, not the barrel: the barrel carries only the login-time schemas.
import { InitializeResponseSchema } from '@atrium/api/schemas';
import type { ApiClient } from '@atrium/api';
// The framework-free singleton, not the barrel (which also carries the React hook).
import { session, type SessionStore } from '@atrium/session/core';
import type { LegacySessionSnapshot } from '../registry.js';

export interface LegacySessionDeps {
  api: Pick<ApiClient, 'getAccessToken' | 'setAccessToken' | 'initialize'>;
  store: Pick<SessionStore, 'applyInitialize' | 'setStatus'>;
}

/**
 * Null when nobody is signed in here (the widgets then show nothing: a legacy page must keep working for
 * visitors). Other failures are logged and also give null; the page itself is not ours to break.
 */
export async function startLegacySession(
  deps: LegacySessionDeps = { api, store: session },
): Promise<LegacySessionSnapshot | null> {
  try {
    deps.store.setStatus('starting');
    const { access_token } = await deps.api.getAccessToken();
    deps.api.setAccessToken(access_token);
    const init = await deps.api.initialize();
    deps.api.setAccessToken(init.lapi_access_token);
    deps.store.applyInitialize(init);
    deps.store.setStatus('started');
    return { sis: init.sis, notifications: init.system_notifications };
  } catch (error) {
    deps.store.setStatus(isApiError(error) && error.code === 'unauthorized' ? 'signed-out' : 'error');
    if (!isApiError(error) || error.code !== 'unauthorized') {
      console.warn('[atrium-widgets] could not read the legacy session', error);
    }
    return null;
  }
}

/**
 * The toolbar chunk's way in when the entry already read initialize (lite-session.ts): the answer is
 * validated here with the full schema, then handed to the client and the store exactly as
 * `startLegacySession` would, without asking the server twice. With no answer (another copy of the bundle
 * started the page's session) it runs the whole flow itself. Resolves false when there is no usable session.
 */
export async function adoptLegacySession(
  initialize: unknown,
  deps: LegacySessionDeps = { api, store: session },
): Promise<boolean> {
  if (initialize === undefined) return (await startLegacySession(deps)) !== null;
  const parsed = v.safeParse(ownEntriesOnly(InitializeResponseSchema), initialize);
  if (!parsed.success) {
    deps.store.setStatus('error');
    console.warn('[atrium-widgets] could not read the legacy session', v.flatten(parsed.issues));
    return false;
  }
  deps.api.setAccessToken(parsed.output.lapi_access_token);
  deps.store.applyInitialize(parsed.output);
  deps.store.setStatus('started');
  return true;
}
