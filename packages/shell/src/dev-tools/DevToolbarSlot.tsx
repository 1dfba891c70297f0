/**
 * The slot of the developer toolbar. The toolbar is the widgets package's `DevToolbar`: it decides on
 * its own whom to show itself to (root and headquarters users) and owns its Ctrl+Shift+A shortcut.
 * The shell mounts it only for those users, so nobody else pays for rendering it. It gets the shell's
 * address, so 'Swap to Legacy' follows in-app navigation to the current page's legacy counterpart; the
 * acting-as banner is the shell's own (ActingAsSlot), shown to every user, not only to toolbar users.
 */
import { canSeeDevToolbar } from '@atrium/session';
import { DevToolbar } from '@atrium/widgets';
import { useLocationSearch, usePathname, useSis } from '../use-shell-state';

export function DevToolbarSlot() {
  const sis = useSis();
  const pathname = usePathname();
  const search = useLocationSearch();
  if (!canSeeDevToolbar(sis)) return null;
  return <DevToolbar place="shell" pathname={pathname} search={search} showActingAs={false} />;
}
