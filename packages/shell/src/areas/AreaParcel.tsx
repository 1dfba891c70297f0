import { memo, useContext, useEffect, useLayoutEffect, useRef } from 'react';
import { mountRootParcel } from 'single-spa';
import type { Parcel, ParcelConfigObject, ParcelProps } from 'single-spa';
import { SingleSpaContext } from '@atrium/lifecycles/react';
import type { AreaProps } from '@atrium/ui';
import { watchBlank } from './blank-watch';
import type { BlankWatch } from './blank-watch';

/**
 * Where one area config renders, for the life of the config (a retry loads a new config, and the old one
 * takes its host with it to the garbage collector).
 *
 * Why one long-lived element per area instead of a fresh wrapper per visit (what a
 * `<Parcel>` component does): each mount of a React root on a new element attaches React's ~140 delegated listeners
 * to that element, and single-spa's lifecycle timeout timers (3-4 s, never cleared) keep every parcel's
 * `customProps.domElement` alive until they fire. A fresh element per switch therefore kept dozens of
 * detached containers with all their listeners, and cost React the listener set again on every switch.
 * React attaches its listeners once per element, so a reused host costs nothing after the first visit.
 *
 * `queue` serialises the parcel lifecycles on the host: the lifecycle helper keeps its roots by parcel name
 * (one name per area), so going back to an area must wait until its previous unmount has finished.
 */
interface AreaHost {
  element: HTMLDivElement;
  queue: Promise<void>;
  /** Ends the wait of a pending unmount for another area's mount (see `latestMount`). */
  hurry: (() => void) | null;
}

const hosts = new WeakMap<ParcelConfigObject, AreaHost>();

const EMPTY_HTML = { __html: '' };

/**
 * The most recently started mount, and its host. An area switch unmounts the old area and mounts the new
 * one in the same commit; the old host has already left the document with its slot, so its unmount (React
 * tearing down the old tree, single-spa's lifecycle hops, its stylesheets leaving) waits for the new mount
 * instead of running first and delaying the new area's first paint. The unmount still happens, moments
 * later. Never for the same host: its next mount waits for this unmount (see `queue`), and coming back
 * to the area stops the wait (`hurry`), so a mount elsewhere that never settles cannot hold this host.
 */
let latestMount: { host: AreaHost; ready: Promise<void> } | null = null;

function hostFor(config: ParcelConfigObject, slot: HTMLElement): AreaHost {
  let host = hosts.get(config);
  if (!host) {
    // A page the server rendered has the area's first screen in the slot already, in its host element,
    // marked for the parcel to hydrate (createArea): that element becomes the area's host.
    const served = slot.firstElementChild;
    const element =
      served instanceof HTMLDivElement && served.hasAttribute('data-atrium-prerendered')
        ? served
        : document.createElement('div');
    element.className = 'atrium-area';
    host = { element, queue: Promise.resolve(), hurry: null };
    hosts.set(config, host);
  }
  return host;
}

type MountParcel = (config: ParcelConfigObject, props: ParcelProps & AreaProps) => Parcel;

export interface AreaParcelProps {
  config: ParcelConfigObject;
  areaProps: AreaProps;
  onError: (error: unknown) => void;
  /** Called after each mount has settled (mounted, or failed and reported). */
  onMounted?: (() => void) | undefined;
}

/**
 * Mounts an area's parcel config into its host while rendered, and passes new `AreaProps` on as parcel
 * updates. Memoised, so a shell render that does not change the props costs the area nothing.
 */
export const AreaParcel = memo(function AreaParcel({
  config,
  areaProps,
  onError,
  onMounted,
}: AreaParcelProps) {
  const slotRef = useRef<HTMLDivElement>(null);
  // The shell app's mountParcel ties the parcel to the app (single-spa unmounts it with the shell);
  // outside an application (tests) the root parcel API does the same job.
  const appMountParcel = (useContext(SingleSpaContext) as Partial<{ mountParcel: MountParcel }> | undefined)
    ?.mountParcel;
  const mountParcel: MountParcel = appMountParcel ?? mountRootParcel;
  const latest = useRef({ areaProps, onError, onMounted });
  useLayoutEffect(() => {
    latest.current = { areaProps, onError, onMounted };
  });
  // Updates wait for the mount (and for each other): single-spa refuses an update of a parcel that is
  // not mounted yet.
  const instance = useRef<{ parcel: Parcel | null; ready: Promise<void>; watch: BlankWatch | null } | null>(
    null,
  );

  // A layout effect: the area mounts before the browser paints the shell's commit, so a first screen (or
  // an area switch) is painted once, with the area in it, instead of an empty slot first.
  useLayoutEffect(() => {
    const slot = slotRef.current;
    if (!slot) return;
    const host = hostFor(config, slot);
    const state: { parcel: Parcel | null; ready: Promise<void>; watch: BlankWatch | null } = {
      parcel: null,
      ready: Promise.resolve(),
      watch: null,
    };
    instance.current = state;
    let active = true;
    const fail = (error: unknown) => {
      if (active) latest.current.onError(error);
    };
    host.hurry?.();
    host.hurry = null;
    const mounted = host.queue.then(async () => {
      if (!active) return;
      slot.appendChild(host.element);
      state.parcel = mountParcel(config, { domElement: host.element, ...latest.current.areaProps });
      await state.parcel.mountPromise;
      if (active) state.watch = watchBlank(host.element, fail);
    });
    state.ready = mounted.catch(fail);
    void state.ready.then(() => {
      if (active) latest.current.onMounted?.();
    });
    host.queue = state.ready.then(() => undefined);
    latestMount = { host, ready: state.ready };

    return () => {
      active = false;
      instance.current = null;
      state.watch?.stop();
      // Read once the commit's effects have all run (a microtask later), so a mount started in the same
      // commit is the one waited for; waiting only on mounts started no later than this keeps the chain
      // of waits acyclic.
      const incoming = new Promise<void>((resolve) => {
        host.hurry = resolve;
        queueMicrotask(() => {
          const next = latestMount;
          // Not resolve(next.ready): that would lock the promise, and `hurry` could no longer end it.
          if (next && next.host !== host) void next.ready.then(() => resolve());
          else resolve();
        });
      });
      host.queue = Promise.all([state.ready, incoming])
        .then(async () => {
          const parcel = state.parcel;
          // The shell app's own unmount may already have unmounted its parcels.
          if (parcel && parcel.getStatus() === 'MOUNTED') await parcel.unmount();
        })
        .catch((error: unknown) => console.error('[atrium] area parcel failed to unmount', error))
        .finally(() => {
          // Only now: React has emptied the host, and the next visit appends it to its own slot.
          if (host.element.parentNode === slot) host.element.remove();
        });
    };
  }, [config, mountParcel]);

  // The first render's props went with the mount; later ones are parcel updates (e.g. ext/** paths). An
  // area without `update` (single-spa makes it optional; create-single-spa's template has none) is
  // unmounted and mounted again with the new props instead, so its `path` never goes stale.
  const firstProps = useRef(areaProps);
  useEffect(() => {
    const state = instance.current;
    if (!state || areaProps === firstProps.current) return;
    state.ready = state.ready.then(async () => {
      const parcel = state.parcel;
      if (instance.current !== state || !parcel || parcel.getStatus() !== 'MOUNTED') return;
      try {
        if (parcel.update) {
          await parcel.update({ ...latest.current.areaProps });
          return;
        }
        state.watch?.stop();
        await parcel.unmount();
        const host = hosts.get(config);
        if (instance.current !== state || !host) return;
        state.parcel = mountParcel(config, { domElement: host.element, ...latest.current.areaProps });
        await state.parcel.mountPromise;
        if (instance.current === state) state.watch = watchBlank(host.element, latest.current.onError);
      } catch (error) {
        latest.current.onError(error);
      }
    });
    // Props alone start an update: a new config (a retry) mounts afresh with the latest props already.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [areaProps]);

  // The slot's children are the parcel's, never React's: on a page the server rendered they are there
  // before React is (the area's markup, which the parcel hydrates), and an empty inner HTML tells React
  // not to hydrate or touch them.
  return <div ref={slotRef} className="atrium-area-slot" dangerouslySetInnerHTML={EMPTY_HTML} />;
});
