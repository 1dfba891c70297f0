/**
 * The areas a server can draw for a signed-in page's first screen (the shell's prerender): those
 * whose first render needs nothing but the session the page starts with. Home, the launcher most visits
 * start on, is one; an area that loads data of its own first shows its loading state, which the shell's
 * outlet draws better itself, so it is left out (null: the outlet stays empty until the area mounts).
 *
 * Rendered as a React root of its own, as the area's parcel is in the browser (createArea), so the parcel
 * hydrates this markup (its ids come from its own root, as they will in the browser). Server-only, like the
 * shell's prerender: never part of a browser bundle.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { AreaName } from '@atrium/api';
import type { AreaProps } from '@atrium/ui';
import { AreaPropsContext } from './kit/area-context';
import { HomeArea } from './home/HomeArea';

const DRAWN_ON_SERVER: Partial<Record<AreaName, () => ReactNode>> = {
  home: () => <HomeArea />,
};

/**
 * The area's first render as HTML, inside what its parcel root provides (createArea), or null. Its
 * stylesheets go wherever the render it is part of collects them (@atrium/ui's `collectStyles`).
 */
export function renderAreaFrame(area: AreaName, props: AreaProps): string | null {
  const draw = DRAWN_ON_SERVER[area];
  if (!draw) return null;
  return renderToString(<AreaPropsContext value={props}>{draw()}</AreaPropsContext>);
}
