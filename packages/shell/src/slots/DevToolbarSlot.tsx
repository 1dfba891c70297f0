/**
 * The slot of the developer toolbar. The toolbar is the widgets package's `DevToolbar`: it decides on
 * its own whom to show itself to (root and headquarters users) and owns its Ctrl+Shift+A shortcut.
 * The shell mounts it only for those users, so nobody else pays for rendering it.
 */
import { canSeeDevToolbar } from '@atrium/session';
import { DevToolbar } from '@atrium/widgets';
import { useSis } from '../hooks';

export function DevToolbarSlot() {
  const sis = useSis();
  if (!canSeeDevToolbar(sis)) return null;
  return <DevToolbar />;
}
