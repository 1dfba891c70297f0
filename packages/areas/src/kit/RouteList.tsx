import { useStyles } from '@atrium/ui';
import { useAreaProps } from './area-context';
import { AreaLink } from './AreaLink';
import { routeHref } from './area-routes';
import type { AreaRoute } from './area-routes';
import areaCss from './area.css';

function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, '');
}

/**
 * The route being shown: the one the location names exactly, else the shell's matched route, else the
 * longest route the location lies under (the shell may match 'violet' for '/violet/obuilder/...').
 */
export function currentRoute(
  routes: readonly AreaRoute[],
  { routePath, path }: { routePath: string; path: string },
): AreaRoute | undefined {
  const here = trimSlashes(path);
  const exact =
    routes.find((route) => route.path === here) ?? routes.find((route) => route.path === routePath);
  if (exact) return exact;
  return routes
    .filter((route) => here.startsWith(`${route.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** The routes of an area, each with what it is for; the route being shown is marked as the current page. */
export function RouteList({ routes }: { routes: readonly AreaRoute[] }) {
  useStyles(areaCss);
  const current = currentRoute(routes, useAreaProps());
  return (
    <ul className="atr-route-list">
      {routes.map((route) => {
        const here = route === current;
        return (
          <li
            key={route.path}
            className={here ? 'atr-route-list__item atr-route-list__item--current' : 'atr-route-list__item'}
          >
            <AreaLink
              href={routeHref(route)}
              className="atr-link atr-route-list__link"
              aria-current={here ? 'page' : undefined}
            >
              {route.label}
            </AreaLink>
            <p className="atr-route-list__purpose">{route.purpose}</p>
            <p className="atr-route-list__note">
              <code>{routeHref(route)}</code>
              {route.currentApplication ? ` · current application: ${route.currentApplication}` : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
