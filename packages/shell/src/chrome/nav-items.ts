/** The side navigation and the mobile menu are drawn from the same route table and the same rules. */
import type { SessionState } from '@atrium/session';
import { routeHref } from '../routes/route-table';
import { routeTable } from '../routes/release-areas';
import { canNavigateTo } from '../routes/guards';
import type { NavGroup, RouteDef } from '../routes/route-table';

export interface NavSection {
  group: NavGroup;
  label: string;
  items: { route: RouteDef; href: string }[];
}

/** The menus' sections, in order, with their headings. */
export const NAV_GROUPS: readonly { group: NavGroup; label: string }[] = [
  { group: 'main', label: 'General' },
  { group: 'apps', label: 'Apps' },
  { group: 'tools', label: 'Tools' },
  { group: 'account', label: 'Account' },
];

export function navSections(
  state: Pick<SessionState, 'status' | 'sis'>,
  table: readonly RouteDef[] = routeTable(),
): NavSection[] {
  // Restricted users get no menu at all (SPEC section 6).
  if (state.status !== 'started' || !state.sis || state.sis.access_restricted) return [];
  return NAV_GROUPS.map(({ group, label }) => ({
    group,
    label,
    items: table
      .filter((route) => route.nav === group && canNavigateTo(route, state))
      .map((route) => ({ route, href: routeHref(route) })),
  })).filter((section) => section.items.length > 0);
}
