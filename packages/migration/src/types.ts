/**
 * The migration map's shapes. The map says, route by route, which legacy PHP screen a new React page
 * replaces, so people can move between the two halves of the suite while screens are replaced one at a
 * time (docs/migration.md).
 */

/** Which way an entry may be followed. */
export type MigrationDirection = 'both' | 'to-legacy' | 'to-new';

export interface MigrationEntry {
  /**
   * The new page's address pattern: a path of literal segments and `:name` parameters, e.g.
   * `/evaluations/forms/:id`. It also stands for the pages below it that have no entry of their own.
   */
  readonly route: string;
  /**
   * The legacy counterpart: a same-origin path pattern, optionally with a query whose values may be
   * `:name` parameters, e.g. `/legacy/evaluations/form.php?id=:id`. Parameters are carried across.
   */
  readonly legacy: string;
  /** What the page is, for the legacy demo page's heading and for people reading the map. */
  readonly title: string;
  /** 'both' (default); 'to-legacy' when several new routes share one legacy page; 'to-new' the reverse. */
  readonly direction?: MigrationDirection | undefined;
}

export interface MigrationMap {
  /** Where 'Swap to Legacy' goes when the current page has no counterpart. */
  readonly legacyHome: string;
  /**
   * The same-origin path prefixes that hold legacy screens: `ext/**` frames pages under them, and only
   * them. The reference backend adds the prefixes of `ATRIUM_LEGACY_PREFIXES`.
   */
  readonly legacyPrefixes: readonly string[];
  readonly entries: readonly MigrationEntry[];
}
