/**
 * The login settings request, sent when the app bootstraps, before React has hydrated the form, instead of
 * from the first render's effect. That effect runs once hydration has committed, and when a key forces the
 * hydration to finish at once (a key reaching a root still hydrating), React runs it inside that key's
 * task: the request's set-up delayed the key, and the help links waited for the whole hydration before
 * their request even left. The first `useLoginSettings` takes the answer; later ones ask again.
 */
import type { LoginApi } from './deps';

type LoginSettingsCall = LoginApi['loginSettings'];

let early: ReturnType<LoginSettingsCall> | null = null;

/** Sends the request now (the app's bootstrap); a failure is the hook's to show, once it takes it. */
export function sendSettingsEarly(api: Pick<LoginApi, 'loginSettings'>): void {
  if (early) return;
  early = api.loginSettings();
  // Until taken, a rejection is nobody's yet: not an unhandled one.
  early.catch(() => {});
}

/**
 * `api` whose first `loginSettings` call answers with the early request, when one was sent; every other
 * call, and every other method, is `api`'s own.
 */
export function withEarlySettings<T extends Pick<LoginApi, 'loginSettings'>>(api: T): T {
  const taken: T = Object.create(api) as T;
  taken.loginSettings = (options) => {
    const answer = early;
    early = null;
    return answer ?? api.loginSettings(options);
  };
  return taken;
}
