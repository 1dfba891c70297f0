/**
 * The two ways a page's session starts, both ending in the same store:
 *
 * - `startFromBoot`: the import-map pages (root-config's boot). The typed client asks initialize and
 *   legacy_initialize, validated in full; the store keeps the answers, the client keeps the token.
 * - `startFromCookie`: a legacy page's widgets. The page already has the user's cookie; one call to
 *   initialize on it, through the bare transport (no validator: the widgets entry has a 15 KB budget), and
 *   the bar's fields checked by hand (cookie-answer.ts). Nobody signed in is an ordinary outcome there.
 */
import type { ApiClient, InitializeResponse, StartUpSessionData } from '@atrium/api';
import { ApiError, UNKNOWN_ERROR_MESSAGE, isApiError, isSafeToken } from '@atrium/api/transport';
import type { Transport } from '@atrium/api/transport';
import { readCookieAnswer } from './cookie-answer.js';
import { applyInitialize, mergeLegacySession, setStatus } from './start-writes.js';
import type { SessionStore } from './store.js';

type BootApi = Pick<ApiClient, 'initialize' | 'legacyInitialize' | 'setAccessToken'>;
type BootStore = Pick<SessionStore, 'getState' | 'setState'>;

/**
 * initialize, then legacy_initialize with the session values it returned; the store ends 'started'. Throws
 * what the client throws; the caller (root-config's boot) decides what a failure means for the page.
 */
export async function startFromBoot(store: BootStore, api: BootApi): Promise<InitializeResponse> {
  const init = await api.initialize();
  applyInitialize(store, init);
  api.setAccessToken(init.lapi_access_token);
  const { sis } = init;
  const values: StartUpSessionData = {
    user_id: sis.user.user_id,
    sis_school_id: sis.sis_school_id,
    company_id: sis.company_id,
    current_term_name: sis.current_term_name,
  };
  const legacy = await api.legacyInitialize({ session_data: values });
  if (!legacy.success) throw new Error('legacy_initialize answered success: false');
  mergeLegacySession(store, legacy.session_data);
  setStatus(store, 'started');
  return init;
}

/**
 * A hung Atrium (connections accepted, never answered) must not hold the bar's frame open for long: after
 * this the bar gives its room back and the page carries on without it.
 */
export const COOKIE_START_TIMEOUT_MS = 8_000;
/** Signed out, as the server says to `?optional=1` (no 401 for the browser to log). */
const NO_SESSION = 204;

/**
 * initialize on the cookie; the store gets the user and the notices and ends 'started', or 'signed-out'
 * (nobody signed in: ApiError 'unauthorized'), or 'error'. Resolves with initialize's answer as received,
 * for the toolbar chunk to validate in full and hand its token to the full client (it holds the bearer
 * token: module memory only, never the store).
 */
export async function startFromCookie(
  store: Pick<SessionStore, 'setState'>,
  transport: Pick<Transport, 'request'>,
  timeoutMs: number = COOKIE_START_TIMEOUT_MS,
): Promise<unknown> {
  store.setState({ status: 'starting' });
  try {
    const { status, json } = await transport.request({
      method: 'POST',
      path: '/lapi/rpc/common/ionic/initialize',
      // A visitor with no session is answered 204, not a 401 the browser would log.
      query: { optional: '1' },
      body: {},
      options: { timeoutMs },
    });
    if (status === NO_SESSION) throw new ApiError('unauthorized', UNKNOWN_ERROR_MESSAGE, status);
    const answer = readCookieAnswer(json);
    // A token that could not go into a header (the toolbar chunk hands it to the client) fails the answer.
    if (answer === null || !isSafeToken(answer.token)) {
      throw new ApiError('invalid-response', UNKNOWN_ERROR_MESSAGE, status);
    }
    store.setState({ sis: answer.sis, systemNotifications: answer.notifications, status: 'started' });
    return json;
  } catch (error) {
    store.setState({ status: isApiError(error) && error.code === 'unauthorized' ? 'signed-out' : 'error' });
    throw error;
  }
}
