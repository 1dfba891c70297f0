/**
 * Everything the shell's React tree does to the outside world, in one object built once per page. The
 * components take it from context, so tests hand them fakes instead (a fake module registry, a fake
 * location, a fake API).
 */
import { createContext, useContext } from 'react';
import { navigateToUrl } from 'single-spa';
import { api } from '@atrium/api';
import { session } from '@atrium/session';
import { createAreaLoader, systemRegistry } from './areas/area-loader';
import { holdAreaStyles, linkAreaStyles } from './areas/area-styles';
import type { AreaLoader } from './areas/area-loader';
import { createLocationStore } from './routes/location-store';
import type { LocationStore } from './routes/location-store';
import { LOGIN_PATH } from './routes/route-table';
import { createSearchSlot } from './search/search-slot';
import type { SearchSlot } from './search/search-slot';
import { createConfirmQueue } from './unsaved/confirm-queue';
import { createUnsavedChangesGuard } from './unsaved/unsaved-changes-guard';
import type { ConfirmQueue } from './unsaved/confirm-queue';
import type { UnsavedChangesGuard } from './unsaved/unsaved-changes-guard';
import { createUnreadCounter } from './notifications/unread-counter';
import type { UnreadCounter } from './notifications/unread-counter';
import {
  createUpdateChecker,
  fetchBuildStamp,
  onDocumentVisible,
  runningBuildStamp,
} from './updates/update-checker';
import type { UpdateChecker } from './updates/update-checker';

export interface ShellServices {
  loader: AreaLoader;
  unsaved: UnsavedChangesGuard;
  confirm: ConfirmQueue;
  search: SearchSlot;
  location: LocationStore;
  updates: UpdateChecker;
  /** The user menu's unread-notifications count. */
  unread: UnreadCounter;
  runningStamp: string | null;
  /** A client-side navigation (single-spa), so the unsaved-changes guard applies. */
  navigate(to: string): void;
  /** Replaces the current entry (guards' redirects: Back must not bounce the user into them again). */
  redirect(to: string): void;
  /** Loads the page again (into a newer build). */
  reload(): void;
  logout(): Promise<void>;
  /** Whether the page runs as an installed app. */
  displayModeStandalone(): boolean;
}

/**
 * An in-app navigation that leaves a page with unsaved changes only once the user has said so; the guard's
 * routing check then finds nothing dirty and lets single-spa go on. Declining changes nothing, the address
 * included.
 */
export async function navigateAfterConfirm(
  unsaved: Pick<UnsavedChangesGuard, 'confirmDiscard'>,
  to: string,
  go: (to: string) => void,
): Promise<boolean> {
  if (!(await unsaved.confirmDiscard())) return false;
  go(to);
  return true;
}

export function createBrowserServices(): ShellServices {
  const confirm = createConfirmQueue();
  const unsaved = createUnsavedChangesGuard({ target: window, confirmLeave: () => confirm.ask() });
  return {
    loader: createAreaLoader({
      registry: systemRegistry,
      before: (name) => linkAreaStyles(name),
      whileMounted: (name) => holdAreaStyles(name),
    }),
    unsaved,
    confirm,
    search: createSearchSlot(),
    location: createLocationStore(window),
    updates: createUpdateChecker({
      fetchLatestStamp: fetchBuildStamp(api.transport),
      onVisible: onDocumentVisible(document),
    }),
    unread: createUnreadCounter({
      fetchCount: (signal) => api.unreadCount({ signal }),
      onVisible: onDocumentVisible(document),
    }),
    runningStamp: runningBuildStamp(document),
    navigate: (to) => {
      // Ask before the address changes: single-spa pushes the new URL first and only then lets the guard
      // cancel, so the address bar would show the next page while the question is still open.
      void navigateAfterConfirm(unsaved, to, navigateToUrl);
    },
    // single-spa patches replaceState: it reroutes and fires popstate, which the location store hears.
    redirect: (to) => window.history.replaceState(window.history.state, '', to),
    reload: () => window.location.reload(),
    async logout() {
      if (!(await unsaved.confirmDiscard())) return;
      try {
        await api.logout();
      } catch (error) {
        // The local sign-out still happens: the user asked to leave. The api client remembers the sign-out
        // and no page starts with the old session until the server has been told (pending-sign-out.ts).
        console.error('[atrium] logout call failed', error);
      }
      session.signOut();
      window.location.assign(LOGIN_PATH);
    },
    displayModeStandalone: () =>
      typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches,
  };
}

let browserServices: ShellServices | null = null;

/** The page's services, created on first use (not at import: tests import this module without a DOM). */
export function getBrowserServices(): ShellServices {
  browserServices ??= createBrowserServices();
  return browserServices;
}

export const ServicesContext = createContext<ShellServices | null>(null);

export function useServices(): ShellServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices: no ShellServices provider');
  return services;
}
