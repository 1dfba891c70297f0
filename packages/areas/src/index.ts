/**
 * @atrium/areas: the area kit every `@atrium/area-<name>` parcel is built from, and the list of areas.
 * The areas themselves are loaded by the shell through the import map, never through this barrel.
 */
// The list of areas is the route manifest's (@atrium/api/routes).
export { AREA_NAMES, areaModuleName } from '@atrium/api/routes';
export type { AreaName } from '@atrium/api/routes';
export { createArea } from './kit/create-area';
export type { AreaLifecycles } from './kit/create-area';
export { AreaPropsContext, useAreaProps } from './kit/area-context';
export { toAreaProps } from './kit/area-props';
export { AreaLayout, AreaSection } from './kit/AreaLayout';
export type { AreaLayoutProps, AreaSectionProps } from './kit/AreaLayout';
export { AreaLink } from './kit/AreaLink';
export type { AreaLinkProps } from './kit/AreaLink';
export { AppLanding, appLanding } from './kit/AppLanding';
export { ToolLanding } from './kit/ToolLanding';
export type { ToolLandingProps } from './kit/ToolLanding';
export { RouteList, currentRoute } from './kit/RouteList';
export { APP_ROUTES, appEntryHref, routeHref } from './kit/area-routes';
export type { AreaRoute } from './kit/area-routes';
export { useDeclareSearch } from './kit/use-search';
export { useUnsavedChanges } from './kit/use-unsaved-changes';
