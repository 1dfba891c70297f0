/**
 * Keeps an area's unsaved changes from being lost. An area marks itself dirty through `setDirty`; while
 * anything is dirty:
 * - closing or reloading the tab triggers the browser's own 'leave site?' prompt (beforeunload: browsers
 *   show their own text there and ignore ours);
 * - navigating inside the app asks UNSAVED_CHANGES_MESSAGE. single-spa fires `before-routing-event` with a
 *   `cancelNavigation(promise)` before any app changes, so the answer can come from our own dialog and a
 *   cancel puts the old URL back without unmounting anything: the user keeps the page and the data.
 *
 * Framework-free: the window and the confirmation UI are injected.
 */
import { createStore } from '@atrium/store';
import type { ReadableStore } from '@atrium/store';

export const UNSAVED_CHANGES_MESSAGE = 'There are unsaved changes. Are you sure you wish to leave?';

interface BeforeRoutingDetail {
  oldUrl?: string;
  newUrl?: string;
  cancelNavigation?: (value?: boolean | Promise<boolean>) => void;
}

export interface GuardTarget {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

export interface UnsavedChangesGuardDeps {
  target: GuardTarget;
  /** Shows the question; resolves true to leave, false to stay. */
  confirmLeave: () => Promise<boolean>;
}

export interface UnsavedChangesGuardState {
  /** Some area on the page has unsaved changes. */
  dirty: boolean;
}

export interface UnsavedChangesGuard extends ReadableStore<UnsavedChangesGuardState> {
  setDirty(owner: string, dirty: boolean): void;
  /** Asks the question when something is dirty; resolves true when it is fine to go on. */
  confirmDiscard(): Promise<boolean>;
  /** Forget an owner's state (its area left the page). */
  release(owner: string): void;
  install(): () => void;
}

function pathOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, 'http://x').pathname.replace(/\/+$/, '') || '/';
  } catch {
    return null;
  }
}

export function createUnsavedChangesGuard(deps: UnsavedChangesGuardDeps): UnsavedChangesGuard {
  const dirtyOwners = new Set<string>();
  const store = createStore<UnsavedChangesGuardState>({ dirty: false });
  let asking: Promise<boolean> | null = null;

  function notify(): void {
    store.setState({ dirty: dirtyOwners.size > 0 });
  }

  function confirmDiscard(): Promise<boolean> {
    if (dirtyOwners.size === 0) return Promise.resolve(true);
    // Two navigations while the dialog is open share the one question.
    asking ??= deps.confirmLeave().then(
      (leave) => {
        asking = null;
        if (leave) {
          dirtyOwners.clear();
          notify();
        }
        return leave;
      },
      () => {
        asking = null;
        return false;
      },
    );
    return asking;
  }

  const onBeforeUnload = (event: Event) => {
    if (dirtyOwners.size === 0) return;
    event.preventDefault();
    try {
      // Older browsers need returnValue set to show the prompt (a plain Event has a read-only one).
      (event as BeforeUnloadEvent).returnValue = '';
    } catch {
      // preventDefault above is what current browsers read.
    }
  };

  const onBeforeRouting = (event: Event) => {
    if (dirtyOwners.size === 0) return;
    const detail = (event as CustomEvent<BeforeRoutingDetail>).detail;
    if (!detail?.cancelNavigation) return;
    // Only a change of page counts: a query or hash change keeps the area and its data.
    if (pathOf(detail.oldUrl) === pathOf(detail.newUrl)) return;
    detail.cancelNavigation(confirmDiscard().then((leave) => !leave));
  };

  return {
    setDirty(owner, dirty) {
      const had = dirtyOwners.has(owner);
      if (dirty === had) return;
      if (dirty) dirtyOwners.add(owner);
      else dirtyOwners.delete(owner);
      notify();
    },
    getState: store.getState,
    subscribe: store.subscribe,
    confirmDiscard,
    release(owner) {
      if (dirtyOwners.delete(owner)) notify();
    },
    install() {
      deps.target.addEventListener('beforeunload', onBeforeUnload);
      deps.target.addEventListener('single-spa:before-routing-event', onBeforeRouting);
      return () => {
        deps.target.removeEventListener('beforeunload', onBeforeUnload);
        deps.target.removeEventListener('single-spa:before-routing-event', onBeforeRouting);
      };
    },
  };
}
