/**
 * The props the shell passes to every area parcel (`@atrium/area-<name>`). It lives in the UI kit because
 * both sides share the kit and neither may reach into the other's internals.
 */
export interface AreaProps {
  /** The matched route pattern from the shell's route table, e.g. 'evaluations', 'system/help', 'ext/**'. */
  routePath: string;
  /** The current location pathname, e.g. '/ext/legacy/lms/'. */
  path: string;
  /** The app catalogue key of an app area (see @atrium/api APP_CATALOGUE), else null. */
  appKey: string | null;
  /** SPEC's 'current application' note of the route, e.g. 'evaluate3', else null. */
  currentApplication: string | null;
  /** Human title of the route, e.g. 'Evaluations'. */
  title: string;
  /** Navigate inside the shell (single-spa navigateToUrl), so unsaved-changes guards apply. */
  navigate: (to: string) => void;
  /** Marks the area as holding unsaved changes: leaving then asks the SPEC's confirmation. */
  setDirty: (dirty: boolean) => void;
  /** Declares that the page supports search; the top bar's search button calls the handler. */
  setSearch: (handler: (() => void) | null) => void;
}
