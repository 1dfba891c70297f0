/**
 * The slot of the developer toolbar. The toolbar is the widgets package's `DevToolbar`: it decides on
 * its own whom to show itself to (root and headquarters users) and owns its Ctrl+Shift+A shortcut.
 * The shell mounts it only for those users, so nobody else pays for rendering it. It gets the shell's
 * address, so 'Swap to Legacy' follows in-app navigation to the current page's legacy counterpart; the
 * acting-as banner is the shell's own (ActingAsSlot), shown to every user, not only to toolbar users.
 *
 * The toolbar's code is a chunk of its own, fetched once a toolbar user's shell has rendered (
 * off the way to the first screen; nobody else downloads it). A Ctrl+Shift+A pressed meanwhile is kept and
 * opens the toolbar when it arrives. A chunk that fails to load shows the page's load-error notice.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import type { ComponentType } from 'react';
import { showLoadError } from '@atrium/lifecycles';
import { canSeeDevToolbar } from '@atrium/session';
import { isToggleShortcut, loadDevToolbar } from '@atrium/widgets/dev-toolbar';
import type { DevToolbarProps } from '@atrium/widgets/dev-toolbar';
import { useLocationSearch, usePathname, useSis } from '../use-shell-state';

type Toolbar = ComponentType<DevToolbarProps>;

export function DevToolbarSlot() {
  const sis = useSis();
  if (!canSeeDevToolbar(sis)) return null;
  return <LoadedDevToolbar />;
}

function LoadedDevToolbar() {
  const pathname = usePathname();
  const search = useLocationSearch();
  const [toolbar, setToolbar] = useState<{ Component: Toolbar } | null>(null);
  const [pressedEarly, setPressedEarly] = useState(false);

  useEffect(() => {
    let current = true;
    loadDevToolbar().then(
      (module) => {
        if (current) setToolbar({ Component: module.DevToolbar });
      },
      (error: unknown) => {
        console.error('[atrium] the developer toolbar failed to load', error);
        // index.html's notice, as for a failed application.
        if (current) showLoadError('developer toolbar');
      },
    );
    return () => {
      current = false;
    };
  }, []);

  // Until the toolbar is here to hear it itself. A layout effect, as the toolbar's own listener is: the one
  // goes and the other comes in the same commit. With passive effects a press between the commit that
  // brought the toolbar and their flush (a replayed press lands there: the page goes live as the chunk
  // arrives) reached this listener only, and the toolbar, already rendered closed, never opened.
  const loaded = toolbar !== null;
  useLayoutEffect(() => {
    if (loaded) return;
    const onKey = (event: KeyboardEvent) => {
      if (!isToggleShortcut(event)) return;
      event.preventDefault();
      setPressedEarly(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [loaded]);

  if (!toolbar) return null;
  const { Component } = toolbar;
  return (
    <Component
      place="shell"
      pathname={pathname}
      search={search}
      showActingAs={false}
      openedByShortcut={pressedEarly}
    />
  );
}
