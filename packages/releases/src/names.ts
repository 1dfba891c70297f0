/**
 * The names a release may hold: import-map names of modules and the file names of their files. Each rule is
 * stated once here, in words, and every refusal quotes it (docs/releases.md, "Names"): a team reading a
 * refusal learns the rule, not just that their name broke one.
 */
import { ReleaseError } from './errors.js';
import type { Release, ReleaseModule } from './types.js';

/** One path segment of a name: lower-case letters and digits, single `.` `_` `-` between them. */
const SEGMENT = '[a-z0-9]+(?:[._-][a-z0-9]+)*';
const MODULE_NAME = new RegExp(`^(?:@${SEGMENT}/)?${SEGMENT}(?:/${SEGMENT})*$`);
const MAX_NAME = 100;

export const MODULE_NAME_RULE =
  'an import-map name is @scope/name or name, optionally followed by /subpath parts; each part is lower-case letters and digits with single ".", "_" or "-" between them (so no empty part as in a//b, no trailing "/"), at most 100 characters';

export const OUTSIDE_NAME_RULE =
  "a name outside @atrium/ is another team's area: it must be scoped (@scope/name, e.g. @uni/peer-app) and its kind must be area; unscoped names (react, single-spa) are the shared modules', which ship with a full build only";

export function isModuleName(name: string): boolean {
  return name.length <= MAX_NAME && MODULE_NAME.test(name);
}

/** Device names Windows reserves with any extension: a file called `CON.js` cannot be copied there. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_FILE = 128;

export const FILE_NAME_RULE =
  'a file name is letters, digits, ".", "_" and "-", starts with a letter or digit, does not end with "." and has no "..", at most 128 characters, and is not a name Windows reserves (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with or without an extension)';

export function isFileName(file: string): boolean {
  return (
    file.length <= MAX_FILE &&
    FILE_NAME.test(file) &&
    !file.includes('..') &&
    !file.endsWith('.') &&
    !WINDOWS_RESERVED.test(file)
  );
}

/**
 * What a publish may call its module: a well-formed name; outside `@atrium/`, a scoped area; and never a
 * name the live release holds as another kind (an area called `react` would replace React in the map).
 */
export function checkPublishName(mod: ReleaseModule, live: Release | null): void {
  if (!isModuleName(mod.name))
    throw new ReleaseError('bad-manifest', `"${mod.name}" is not an import-map name: ${MODULE_NAME_RULE}`);
  const atrium = mod.name.startsWith('@atrium/');
  if (!atrium && (!mod.name.startsWith('@') || mod.kind !== 'area'))
    throw new ReleaseError('bad-manifest', `${mod.name} (${mod.kind}) is refused: ${OUTSIDE_NAME_RULE}`);
  if (atrium && mod.kind === 'area' && !mod.name.startsWith('@atrium/area-'))
    throw new ReleaseError(
      'bad-manifest',
      `${mod.name} is refused: an area of Atrium's is named @atrium/area-<name>`,
    );
  const held = live?.modules[mod.name];
  if (held && held.kind !== mod.kind)
    throw new ReleaseError(
      'bad-manifest',
      `${mod.name} is a${held.kind === 'area' ? 'n' : ''} ${held.kind} in release ${live!.id}, and a publish cannot make it a${mod.kind === 'area' ? 'n' : ''} ${mod.kind}: a name keeps its kind`,
    );
}
