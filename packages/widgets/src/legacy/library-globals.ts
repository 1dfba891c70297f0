/**
 * Lit leaves four globals behind (`litPropertyMetadata` and three version lists, read by nothing but Lit's
 * development warnings and its decorators at class-definition time). The widgets promise a legacy page no
 * global beyond their two tags and `Symbol.for('atrium.widgets')`, so the entry removes the ones this copy
 * created once its element is defined. A page's own Lit keeps its own: what was there first stays.
 *
 * Imported first of all by the entry, so the snapshot is taken before Lit evaluates.
 */
const LIT_GLOBALS = [
  'litPropertyMetadata',
  'reactiveElementVersions',
  'litHtmlVersions',
  'litElementVersions',
];

const scope = globalThis as unknown as Record<string, unknown>;
const present = new Set(LIT_GLOBALS.filter((name) => Object.prototype.hasOwnProperty.call(scope, name)));

/** Deletes the Lit globals that were not on the page before this copy of the widgets ran. */
export function dropLibraryGlobals(): void {
  for (const name of LIT_GLOBALS) if (!present.has(name)) delete scope[name];
}
