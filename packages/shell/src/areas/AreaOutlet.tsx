import { useCallback, useContext, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useStore } from '@atrium/store/react';
import { Spinner } from '@atrium/ui';
import type { AreaProps } from '@atrium/ui';
import { routeModule } from '../routes/route-table';
import type { AreaName, RouteDef } from '../routes/route-table';
import { useServices } from '../services';
import { areaEntry } from './area-loader';
import type { AreaLoaderState } from './area-loader';
import { useLocationSearch } from '../use-shell-state';
import { AreaErrorBoundary } from './AreaErrorBoundary';
import { AreaErrorCard } from './AreaErrorCard';
import { AreaParcel } from './AreaParcel';
import { PRERENDERED_ATTR, ServerRenderContext } from '../server-render';

export interface AreaOutletProps {
  route: RouteDef;
  /** A built-in area (null: one the release adds, `route.module`). */
  area: AreaName | null;
  pathname: string;
  /**
   * Called once the area's first screen is on the page or something stands in its place (its loading
   * state, its error card): on a page the server rendered, its stylesheet and marker then go
   * (server-screen.ts).
   */
  onSettled?: () => void;
}

/** The slot's content during hydration: the server's stays (React does not compare or touch inner HTML). */
const SERVER_SLOT_HTML = { __html: '' };
const noSubscription = () => () => {};
const notHydrating = () => false;
const whileHydrating = () => true;

/** Mounts the route's area; a new area gets a fresh host (its dirty flag and search handler go with it). */
export function AreaOutlet({ route, area, pathname, onSettled }: AreaOutletProps) {
  const moduleName = routeModule(route) ?? '';
  return (
    <AreaHost
      key={moduleName}
      moduleName={moduleName}
      area={area}
      route={route}
      pathname={pathname}
      onSettled={onSettled}
    />
  );
}

function AreaHost({
  moduleName,
  area,
  route,
  pathname,
  onSettled,
}: {
  moduleName: string;
  area: AreaName | null;
  route: RouteDef;
  pathname: string;
  onSettled: (() => void) | undefined;
}) {
  const server = useContext(ServerRenderContext);
  const { loader, unsaved, search, navigate } = useServices();
  const locationSearch = useLocationSearch();
  // Retry was pressed at least once: if the area fails again, the card offers the classic page.
  const [retried, setRetried] = useState(false);
  const owner = `${moduleName}${useId()}`;
  const selectEntry = useCallback((state: AreaLoaderState) => areaEntry(state, moduleName), [moduleName]);
  const entry = useStore(loader, selectEntry);
  // A mount that threw, for the load attempt it belongs to.
  const [mountFailed, setMountFailed] = useState<number | null>(null);

  useEffect(() => {
    if (entry.status === 'idle') loader.load(moduleName).catch(() => {});
  }, [entry.status, loader, moduleName]);

  // Leaving the area takes its dirty flag and its search handler with it.
  useEffect(
    () => () => {
      unsaved.release(owner);
      search.release(owner);
    },
    [owner, unsaved, search],
  );

  const setDirty = useCallback((dirty: boolean) => unsaved.setDirty(owner, dirty), [unsaved, owner]);
  const setSearch = useCallback(
    (handler: (() => void) | null) => search.set(owner, handler),
    [search, owner],
  );
  const areaProps = useMemo<AreaProps>(
    () => ({
      routePath: route.path,
      path: pathname,
      appKey: route.appKey,
      currentApplication: route.currentApplication,
      title: route.title,
      navigate,
      setDirty,
      setSearch,
    }),
    [route, pathname, navigate, setDirty, setSearch],
  );

  const retry = useCallback(() => {
    setRetried(true);
    setMountFailed(null);
    unsaved.release(owner);
    search.release(owner);
    loader.retry(moduleName).catch(() => {});
  }, [loader, moduleName, owner, unsaved, search]);

  const attempt = entry.status === 'loaded' ? entry.attempt : null;
  // Stable between renders, so the memoised parcel is not updated by a render that changed nothing.
  const onMountError = useCallback(
    (error: unknown) => {
      console.error('[atrium] area parcel failed', error);
      setMountFailed(attempt);
    },
    [attempt],
  );

  // Until the parcel mounts, what stands in its place (loading, error card) is this outlet's final word.
  const parcelShown = entry.status === 'loaded' && mountFailed !== entry.attempt;
  useEffect(() => {
    if (!parcelShown) onSettled?.();
  }, [parcelShown, onSettled]);

  const hydrating = useSyncExternalStore(noSubscription, notHydrating, whileHydrating);

  // A server render: what the browser's first render will have, for it to hydrate. The shell waits for
  // the area's module before it hydrates (root-config's start), so that is the parcel's slot: with the
  // area's first render in the host element the parcel then hydrates, or empty for an area the server
  // cannot draw (it mounts into the slot as on any page).
  if (server) {
    const drawn = area === null ? null : (server.renderArea?.(area, areaProps) ?? null);
    const html = drawn === null ? '' : `<div class="atrium-area" ${PRERENDERED_ATTR}>${drawn}</div>`;
    return <div className="atrium-area-slot" dangerouslySetInnerHTML={{ __html: html }} />;
  }

  // Hydrating the server's markup, the first render must be the server's: its slot, whatever the area did
  // meanwhile. An area whose bundle failed (or is still on its way) would otherwise draw its error card (or
  // spinner) where the server drew the slot, and React would throw away the whole shell's markup and
  // render it again (a hydration mismatch, an uncaught error on the page). The card comes in the render
  // React makes right after hydrating, as the store's client snapshot differs from its server one.
  if (hydrating && entry.status !== 'loaded') {
    return <div className="atrium-area-slot" dangerouslySetInnerHTML={SERVER_SLOT_HTML} />;
  }

  const errorCard = (
    <AreaErrorCard
      title={route.title}
      onRetry={retry}
      pathname={pathname}
      search={locationSearch}
      retried={retried}
    />
  );
  if (entry.status === 'error' || (entry.status === 'loaded' && mountFailed === entry.attempt)) {
    return errorCard;
  }
  if (entry.status !== 'loaded') {
    return (
      <div className="atrium-area-loading">
        <Spinner label={`Loading ${route.title}…`} />
      </div>
    );
  }
  return (
    <AreaErrorBoundary key={entry.attempt} fallback={() => errorCard}>
      <AreaParcel config={entry.config} areaProps={areaProps} onError={onMountError} onMounted={onSettled} />
    </AreaErrorBoundary>
  );
}
