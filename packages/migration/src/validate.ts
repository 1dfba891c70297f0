/**
 * Checks a migration map before anyone follows it: the map is data that operators edit and the server
 * serves, and every address it yields becomes a navigation. A bad map is refused whole, with the reason.
 */
import { parsePattern, patternParams } from './patterns.js';
import type { MigrationMap } from './types.js';

export class MigrationMapError extends Error {
  override readonly name = 'MigrationMapError';
  readonly code = 'invalid-migration-map';
}

const SAFE_PATH = /^\/(?:[A-Za-z0-9_.~:-]+\/?)*$/;
const SAFE_QUERY = /^[A-Za-z0-9_.:=&-]*$/;

function checkAddress(value: string, what: string): void {
  const [path = '', query] = value.split('?', 2);
  if (!SAFE_PATH.test(path) || path.includes('//') || /(^|\/)\.\.?(\/|$)/.test(path)) {
    throw new MigrationMapError(`${what} "${value}" is not a plain same-origin path`);
  }
  if (query !== undefined && !SAFE_QUERY.test(query)) {
    throw new MigrationMapError(`${what} "${value}" has a query that is not plain key=value pairs`);
  }
}

/** A legacy prefix: an absolute path that ends with a slash, so `/legacy/` never admits `/legacyx`. */
export function checkLegacyPrefix(prefix: string): void {
  if (!prefix.endsWith('/') || prefix === '/') {
    throw new MigrationMapError(`The legacy prefix "${prefix}" must be a path below the root ending in /`);
  }
  checkAddress(prefix, 'The legacy prefix');
}

export function validateMigrationMap(map: MigrationMap): MigrationMap {
  if (map.legacyPrefixes.length === 0) throw new MigrationMapError('The map names no legacy prefix');
  map.legacyPrefixes.forEach(checkLegacyPrefix);
  checkAddress(map.legacyHome, 'The legacy home');
  if (!map.legacyPrefixes.some((prefix) => map.legacyHome.startsWith(prefix))) {
    throw new MigrationMapError(`The legacy home "${map.legacyHome}" is under no legacy prefix`);
  }
  for (const entry of map.entries) {
    checkAddress(entry.route, 'The route');
    checkAddress(entry.legacy, 'The legacy address');
    if (entry.route.includes('?')) {
      throw new MigrationMapError(`The route "${entry.route}" must not have a query`);
    }
    if (!map.legacyPrefixes.some((prefix) => entry.legacy.startsWith(prefix))) {
      throw new MigrationMapError(`The legacy address "${entry.legacy}" is under no legacy prefix`);
    }
    const routeParams = patternParams(parsePattern(entry.route)).sort().join(',');
    const legacyParams = patternParams(parsePattern(entry.legacy)).sort().join(',');
    if (routeParams !== legacyParams) {
      throw new MigrationMapError(
        `"${entry.route}" and "${entry.legacy}" must name the same parameters to carry them across`,
      );
    }
  }
  return map;
}

/** The map with more legacy prefixes (ATRIUM_LEGACY_PREFIXES), each checked, without duplicates. */
export function withLegacyPrefixes(map: MigrationMap, extra: readonly string[]): MigrationMap {
  extra.forEach(checkLegacyPrefix);
  const prefixes = [...new Set([...map.legacyPrefixes, ...extra])];
  return { ...map, legacyPrefixes: prefixes };
}
