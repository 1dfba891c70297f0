/** Thin React bindings over the framework-free stores. */
import { useCallback, useSyncExternalStore } from 'react';
import type { SessionState } from '@atrium/session';
import { useSession } from '@atrium/session';
import { updateStatus } from '../updates';
import type { UpdateStatus } from '../updates';
import { useServices } from '../services';

// Selectors live at module level: useSession memoises on the selector's identity.
const selectStatus = (state: SessionState) => state.status;
const selectSis = (state: SessionState) => state.sis;
const selectMobile = (state: SessionState) => state.mobile;
const selectMinStamp = (state: SessionState) => state.sis?.min_build_stamp ?? null;

export const useSessionStatus = () => useSession(selectStatus);
export const useSis = () => useSession(selectSis);
export const useMobile = () => useSession(selectMobile);

export function usePathname(): string {
  const { location } = useServices();
  return useSyncExternalStore(location.subscribe, location.getPathname, location.getPathname);
}

export function useLocationSearch(): string {
  const { location } = useServices();
  return useSyncExternalStore(location.subscribe, location.getSearch, location.getSearch);
}

export function useSearchHandler(): (() => void) | null {
  const { search } = useServices();
  return useSyncExternalStore(search.subscribe, search.get, search.get);
}

export function useUpdateStatus(): UpdateStatus {
  const { updates, runningStamp } = useServices();
  const latest = useSyncExternalStore(updates.subscribe, updates.getLatest, updates.getLatest);
  const minimum = useSession(selectMinStamp);
  return updateStatus({ running: runningStamp, latest, minimum });
}

export function useConfirmOpen(): boolean {
  const { confirm } = useServices();
  const isOpen = useCallback(() => confirm.isOpen(), [confirm]);
  return useSyncExternalStore(confirm.subscribe, isOpen, isOpen);
}
