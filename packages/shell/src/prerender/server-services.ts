/**
 * The shell's services for a render on the server: the same stores the browser's have, over a fixed
 * address, with nothing that could act. React's server renderer runs no effects, so nothing here is ever
 * asked to load, fetch, navigate or listen; each member only has to answer what a render reads.
 */
import { createAreaLoader } from '../areas/area-loader';
import { createLocationStore } from '../routes/location-store';
import { createSearchSlot } from '../search/search-slot';
import { createConfirmQueue } from '../unsaved/confirm-queue';
import { createUnsavedChangesGuard } from '../unsaved/unsaved-changes-guard';
import { createUnreadCounter } from '../notifications/unread-counter';
import { createUpdateChecker } from '../updates/update-checker';
import type { ShellServices } from '../services';

const nothing = () => {};
const never = <T>(): Promise<T> => new Promise<T>(() => {});

/** An event target that never fires: the server's stand-in for the window. */
const still = { addEventListener: nothing, removeEventListener: nothing };

export function createServerServices(address: { pathname: string; search: string }): ShellServices {
  const confirm = createConfirmQueue();
  return {
    loader: createAreaLoader({ registry: { import: never, resolve: (name) => name } }),
    unsaved: createUnsavedChangesGuard({ target: still, confirmLeave: () => confirm.ask() }),
    confirm,
    search: createSearchSlot(),
    location: createLocationStore({ ...still, location: address }),
    updates: createUpdateChecker({ fetchLatestStamp: never }),
    unread: createUnreadCounter({ fetchCount: never, onVisible: () => nothing }),
    runningStamp: null,
    navigate: nothing,
    redirect: nothing,
    reload: nothing,
    logout: never,
    displayModeStandalone: () => false,
  };
}
