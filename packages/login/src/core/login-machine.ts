/**
 * The login steps as a framework-free machine (SPEC sections 2 and 4): username, then optionally the
 * organisation, then the password; or, for external accounts, the SSO popup. React components only read
 * the state and call the actions; every side effect (HTTP, boot, navigation, the popup) is injected.
 */
import { HOME_PATH, LOGIN_PATH, UNKNOWN_ERROR_MESSAGE, toSafeSameOriginUrl } from '@atrium/api';
import type { ApiClient, Company } from '@atrium/api';
import { errorText, serverText } from './errors';
import type { ExternalPopupDeps, PopupHandle, PopupOutcome } from './external-popup';
import { createStore } from '@atrium/store';
import type { Store } from '@atrium/store';
import { isValidPassword, parseUsername } from './validation';

export type Step = 'username' | 'external' | 'organization' | 'password';
export type BootResult = 'started' | 'redirected' | 'unauthorized' | 'error';
export type Busy = 'lookup' | 'external-start' | 'sign-in' | null;

/** Where the external sign-in stands; each has its own message in the UI. */
export type ExternalStatus = 'idle' | 'waiting' | 'blocked' | 'closed' | 'foreign-origin' | 'ready';

export interface LoginState {
  step: Step;
  username: string;
  password: string;
  companies: readonly Company[];
  companyId: number | null;
  busy: Busy;
  /** Shown in a role=alert region; always rendered as text. */
  error: string | null;
  external: ExternalStatus;
  /** Bumped whenever focus should move to the current step's first field (step change, failed attempt). */
  focusSeq: number;
}

export interface LoginMachineDeps {
  api: Pick<ApiClient, 'lookup' | 'login' | 'externalStart' | 'externalComplete'>;
  /** The root config's boot sequence (customProps.boot). */
  boot: () => Promise<BootResult>;
  /**
   * Called once the user is past the username: load, at the page's leisure, what Sign In will need next
   * (customProps.prepare). Never awaited, and a failure is the boot's to report.
   */
  prepare: () => void;
  /** single-spa's navigateToUrl. */
  navigate: (url: string) => void;
  /** The page's origin and query string, read once (for `returnUrl`). */
  location: { origin: string; search: string };
  popup: ExternalPopupDeps;
}

/** Where a sign-in lands without a usable returnUrl (the route manifest's home). */
export { HOME_PATH };
export const EXTERNAL_EARLY_MESSAGE = 'Finish signing in in the popup window first, then click Sign In.';

export interface LoginMachine {
  store: Store<LoginState>;
  setUsername(value: string): void;
  setPassword(value: string): void;
  chooseOrganization(companyId: number): void;
  submitUsername(): Promise<void>;
  submitOrganization(): void;
  submitPassword(): Promise<void>;
  /** Opens (again) the SSO popup: a fresh state from the server each time. */
  openExternal(): Promise<void>;
  submitExternal(): Promise<void>;
  back(): void;
  dispose(): void;
}

export function initialLoginState(): LoginState {
  return {
    step: 'username',
    username: '',
    password: '',
    companies: [],
    companyId: null,
    busy: null,
    error: null,
    external: 'idle',
    focusSeq: 0,
  };
}

/** The same-origin `returnUrl` of the query string, else /home. Never a login URL (that would loop). */
export function landingUrl(location: { origin: string; search: string }): string {
  const raw = new URLSearchParams(location.search).get('returnUrl');
  const safe = raw === null ? null : toSafeSameOriginUrl(raw, location.origin);
  if (safe === null || !safe.startsWith('/') || safe.startsWith(LOGIN_PATH)) return HOME_PATH;
  return safe;
}

export function createLoginMachine(deps: LoginMachineDeps): LoginMachine {
  const store = createStore<LoginState>(initialLoginState());
  let popup: PopupHandle | null = null;
  let externalCode: { state: string; code: string } | null = null;
  // Answers that arrive after Back or unmount belong to an attempt the user abandoned.
  let attempt = 0;
  let disposed = false;

  const moveTo = (step: Step, patch: Partial<LoginState> = {}) =>
    store.setState((s) => ({ step, busy: null, error: null, focusSeq: s.focusSeq + 1, ...patch }));
  const fail = (message: string, patch: Partial<LoginState> = {}) =>
    store.setState((s) => ({ busy: null, error: message, focusSeq: s.focusSeq + 1, ...patch }));
  const current = (token: number) => !disposed && token === attempt;

  const closePopup = () => {
    popup?.cancel();
    popup = null;
    externalCode = null;
  };

  async function finishSignIn(token: number): Promise<void> {
    const result = await deps.boot().catch((): BootResult => 'error');
    if (!current(token)) return;
    if (result === 'started') {
      deps.navigate(landingUrl(deps.location));
      return;
    }
    // 'redirected': the browser is on its way to the legacy address; stay busy until it leaves.
    if (result === 'redirected') return;
    fail(UNKNOWN_ERROR_MESSAGE);
  }

  function onPopupOutcome(state: string, outcome: PopupOutcome) {
    switch (outcome.type) {
      case 'code':
        externalCode = { state, code: outcome.code };
        popup = null;
        store.setState({ external: 'ready', error: null });
        return;
      case 'blocked':
      case 'closed':
        popup = null;
        store.setState({ external: outcome.type });
        return;
      case 'foreign-origin':
        store.setState({ external: 'foreign-origin' });
        return;
    }
  }

  const machine: LoginMachine = {
    store,
    setUsername(value) {
      if (store.getState().step !== 'username') return;
      store.setState({ username: value, error: null });
    },
    setPassword(value) {
      store.setState({ password: value });
    },
    chooseOrganization(companyId) {
      store.setState({ companyId, error: null });
    },

    async submitUsername() {
      const state = store.getState();
      const username = parseUsername(state.username);
      if (state.step !== 'username' || state.busy || username === null) return;
      const token = ++attempt;
      store.setState({ busy: 'lookup', error: null });
      try {
        const answer = await deps.api.lookup({ username });
        if (!current(token)) return;
        // The account exists: whichever step comes next ends in a sign-in, so its code can start loading.
        deps.prepare();
        if (answer.next === 'external') {
          moveTo('external', { username, external: 'idle' });
          await machine.openExternal();
        } else if (answer.next === 'organization' && answer.companies.length > 0) {
          moveTo('organization', { username, companies: answer.companies, companyId: null });
        } else {
          moveTo('password', { username, companies: answer.companies, password: '' });
        }
      } catch (error) {
        if (current(token)) fail(errorText(error));
      }
    },

    submitOrganization() {
      const state = store.getState();
      if (state.step !== 'organization' || state.companyId === null) return;
      if (!state.companies.some((c) => c.company_id === state.companyId)) return;
      moveTo('password', { password: '' });
    },

    async submitPassword() {
      const state = store.getState();
      if (state.step !== 'password' || state.busy || !isValidPassword(state.password)) return;
      const token = ++attempt;
      store.setState({ busy: 'sign-in', error: null });
      try {
        const request: { username: string; password: string; company_id?: number } = {
          username: state.username,
          password: state.password,
        };
        if (state.companyId !== null) request.company_id = state.companyId;
        const answer = await deps.api.login(request);
        if (!current(token)) return;
        if (!answer.success) {
          // A wrong password: say so, clear the password, keep the username.
          fail(serverText(answer.message), { password: '' });
          return;
        }
        await finishSignIn(token);
      } catch (error) {
        // A failure of the server or the network: keep everything the user typed.
        if (current(token)) fail(errorText(error));
      }
    },

    async openExternal() {
      const state = store.getState();
      if (state.step !== 'external' || state.busy) return;
      closePopup();
      const token = ++attempt;
      store.setState({ busy: 'external-start', error: null, external: 'idle' });
      try {
        // The popup handshake is its own chunk: only external accounts need it, and it downloads while the
        // server answers, so the popup still opens as soon as the server has.
        const [start, { openExternalPopup }] = await Promise.all([
          deps.api.externalStart({ username: state.username }),
          import(/* webpackChunkName: "external-popup" */ './external-popup'),
        ]);
        if (!current(token) || store.getState().step !== 'external') return;
        const url = toSafeSameOriginUrl(start.url, deps.location.origin);
        if (url === null) {
          fail(UNKNOWN_ERROR_MESSAGE);
          return;
        }
        store.setState({ busy: null, external: 'waiting' });
        popup = openExternalPopup(deps.popup, { url, state: start.state }, (outcome) => {
          if (current(token)) onPopupOutcome(start.state, outcome);
        });
      } catch (error) {
        if (current(token)) fail(errorText(error));
      }
    },

    async submitExternal() {
      const state = store.getState();
      if (state.step !== 'external' || state.busy) return;
      if (externalCode === null) {
        popup?.focus();
        store.setState({ error: EXTERNAL_EARLY_MESSAGE });
        return;
      }
      const { code, state: ssoState } = externalCode;
      const token = ++attempt;
      store.setState({ busy: 'sign-in', error: null });
      try {
        const answer = await deps.api.externalComplete({ username: state.username, state: ssoState, code });
        if (!current(token)) return;
        if (!answer.success) {
          // The code is single use: a new attempt needs a new popup.
          externalCode = null;
          fail(serverText(answer.message), { external: 'idle' });
          return;
        }
        await finishSignIn(token);
      } catch (error) {
        if (!current(token)) return;
        externalCode = null;
        fail(errorText(error), { external: 'idle' });
      }
    },

    back() {
      const state = store.getState();
      attempt++;
      if (state.step === 'password' && state.companies.length > 1) {
        moveTo('organization', { password: '' });
      } else if (state.step !== 'username') {
        closePopup();
        moveTo('username', { password: '', companies: [], companyId: null, external: 'idle' });
      }
    },

    dispose() {
      disposed = true;
      closePopup();
    },
  };
  return machine;
}
