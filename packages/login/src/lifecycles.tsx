/**
 * The single-spa lifecycles of @atrium/login: wiring only, through the one helper every Atrium React app
 * uses (`createReactLifecycles`). The root config mounts the app at /common/login with `customProps.boot`,
 * the boot sequence to run after a successful sign-in.
 *
 * On the served page the container holds the prerendered form (prerender.tsx): React hydrates it rather
 * than replacing it. Hydration is a transition, so it runs in slices that let keystrokes through
 * (a keystroke that needs the form live hydrates the rest at once), the field the user is typing into is
 * never swapped, and what they typed is taken over by UsernameStep. Elsewhere (a build without the
 * prerendered form, an in-app navigation) the app renders from scratch.
 */
import type { AppProps } from 'single-spa';
import { createReactLifecycles } from '@atrium/lifecycles/react';
import { api } from '@atrium/api';
import { LoginRoot } from './components/LoginRoot';
import type { LoginRootProps } from './components/LoginRoot';
import { LoginCrash } from './components/LoginCrash';
import { PRERENDERED_ATTR, retirePrerendered } from './components/prerendered';
import { sendSettingsEarly } from './early-settings';

const lifecycles = createReactLifecycles<LoginRootProps>({
  root: LoginRoot,
  fallback: LoginCrash,
  hydrate: (container) => container.hasAttribute(PRERENDERED_ATTR),
});

/** What the login app reads of single-spa's props: its name (the container's) and the root config's boot. */
type LoginProps = LoginRootProps & { name: string };
/** single-spa always passes the rest of AppProps; LoginRoot reads none of it. */
const asAppProps = (props: LoginProps) => props as LoginProps & AppProps;

/**
 * A sign-out whose logout call failed (the shell sent the user here anyway) is finished once the login page
 * has loaded, so the old session ends on the server too, for legacy pages and the request log.
 * Not awaited: the page must not wait on a server that may be unreachable. In an idle moment rather than
 * now: its check is the page's first localStorage read, about 20 ms at 4x CPU, which would otherwise join
 * the mount's task while the user may be typing. A sign-in meanwhile clears it (api's signIn).
 */
export async function bootstrap(props: LoginProps): Promise<void> {
  // Before hydration, not from the first render's effect (early-settings.ts).
  sendSettingsEarly(api);
  const finish = () => void api.finishPendingSignOut();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(finish, { timeout: 2000 });
  else setTimeout(finish, 0);
  await lifecycles.bootstrap(asAppProps(props));
}

/** Once the first commit is in (fallback included), the page's prerendered screen is the app's. */
export async function mount(props: LoginProps): Promise<void> {
  await lifecycles.mount(asAppProps(props));
  retirePrerendered(document.getElementById(`single-spa-application:${props.name}`));
}

export async function unmount(props: LoginProps): Promise<void> {
  await lifecycles.unmount(asAppProps(props));
}
