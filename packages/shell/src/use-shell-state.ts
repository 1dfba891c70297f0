/** Thin React bindings over the framework-free stores. */
import type { SessionState } from '@atrium/session';
import { useStore } from '@atrium/store/react';
import { useSession } from '@atrium/session';
import { updateStatus } from './updates/update-checker';
import type { UpdateCheckerState, UpdateStatus } from './updates/update-checker';
import type { LocationState } from './routes/location-store';
import type { SearchSlotState } from './search/search-slot';
import type { ConfirmQueueState } from './unsaved/confirm-queue';
import { useServices } from './services';

// Selectors live at module level: useSession and useStore memoise on the selector's identity.
const selectStatus = (state: SessionState) => state.status;
const selectSis = (state: SessionState) => state.sis;
const selectMobile = (state: SessionState) => state.mobile;
const selectMinStamp = (state: SessionState) => state.sis?.min_build_stamp ?? null;

export const useSessionStatus = () => useSession(selectStatus);
export const useSis = () => useSession(selectSis);
export const useMobile = () => useSession(selectMobile);

const selectPathname = (state: LocationState) => state.pathname;
const selectLocationSearch = (state: LocationState) => state.search;
const selectSearchHandler = (state: SearchSlotState) => state.handler;
const selectLatestStamp = (state: UpdateCheckerState) => state.latest;
const selectConfirmOpen = (state: ConfirmQueueState) => state.open;

export const usePathname = (): string => useStore(useServices().location, selectPathname);

export const useLocationSearch = (): string => useStore(useServices().location, selectLocationSearch);

export const useSearchHandler = (): (() => void) | null =>
  useStore(useServices().search, selectSearchHandler);

export function useUpdateStatus(): UpdateStatus {
  const { updates, runningStamp } = useServices();
  const latest = useStore(updates, selectLatestStamp);
  const minimum = useSession(selectMinStamp);
  return updateStatus({ running: runningStamp, latest, minimum });
}

export const useConfirmOpen = (): boolean => useStore(useServices().confirm, selectConfirmOpen);
