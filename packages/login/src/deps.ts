/**
 * The browser side effects of the login app, gathered in one place so that tests pass their own.
 */
import { api as defaultApi } from '@atrium/api';
import type { ApiClient } from '@atrium/api';
import { navigateToUrl } from 'single-spa';
import type { CarouselDeps } from './core/carousel';
import type { ExternalPopupDeps, PopupWindow } from './core/external-popup';
import type { BootResult } from './core/login-machine';
import { withEarlySettings } from './early-settings';

export type LoginApi = Pick<
  ApiClient,
  | 'loginSettings'
  | 'lookup'
  | 'login'
  | 'externalStart'
  | 'externalComplete'
  | 'forgotUsername'
  | 'forgotPassword'
>;

export interface LoginDeps {
  api: LoginApi;
  boot: () => Promise<BootResult>;
  prepare: () => void;
  navigate: (url: string) => void;
  location: { origin: string; search: string };
  popup: ExternalPopupDeps;
  carousel: CarouselDeps;
  /** For the copyright year. */
  now: () => Date;
}

const POPUP_FEATURES = 'popup,width=520,height=640';

function openPopup(url: string): PopupWindow | null {
  // No `noopener`: the identity provider must reach window.opener to hand back its code.
  return window.open(url, 'atrium-sso', POPUP_FEATURES);
}

/**
 * The root config's early start, run when the page is idle (a second at most): the step just shown paints
 * and takes its first keys before the next screen's modules are fetched and run, one task each.
 */
function whenIdle(prepare: () => Promise<unknown>): () => void {
  let asked = false;
  return () => {
    if (asked) return;
    asked = true;
    const run = () => void prepare().catch(() => {});
    if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
    else setTimeout(run, 0);
  };
}

export function browserDeps(
  boot: () => Promise<BootResult>,
  prepare: () => Promise<unknown> = async () => {},
): LoginDeps {
  return {
    api: withEarlySettings(defaultApi),
    boot,
    prepare: whenIdle(prepare),
    navigate: (url) => navigateToUrl(url),
    location: { origin: window.location.origin, search: window.location.search },
    popup: {
      open: openPopup,
      onMessage(listener) {
        const handler = (event: MessageEvent) => listener(event);
        window.addEventListener('message', handler);
        return () => window.removeEventListener('message', handler);
      },
      origin: window.location.origin,
      setInterval: (callback, ms) => window.setInterval(callback, ms),
      clearInterval: (handle) => window.clearInterval(handle as number),
    },
    carousel: {
      setTimeout: (callback, ms) => window.setTimeout(callback, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
      matchMedia: (query) => window.matchMedia(query),
      random: Math.random,
    },
    now: () => new Date(),
  };
}
