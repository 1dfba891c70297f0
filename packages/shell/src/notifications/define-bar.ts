import { defineNotificationBar } from '@atrium/widgets/notification-bar';
import { session } from '@atrium/session';

/**
 * Defines `<atrium-notification-bar>` on the page's session store. The slot does it as it mounts; the early
 * start (prepare-area.ts) does it before, because the first definition is the costly part (Lit prepares the
 * class: its properties and styles) and it sat in the render that first shows the shell. No `start`: the
 * shell's session is started by the page's boot, never by the bar.
 */
export function defineShellNotificationBar(): void {
  defineNotificationBar({ session: { store: session } });
}
