/**
 * Constructable stylesheets, shared per (root, css text) and reference-counted.
 *
 * Why not <style> tags: the platform runs under a strict Content-Security-Policy (no 'unsafe-inline' for
 * styles), and adopted sheets are exempt from it. Why reference counting: a parcel's CSS must leave the
 * document with the last component that needs it, so 200 area switches leave no stylesheets behind.
 */
type StyleRoot = Document | ShadowRoot;

interface AdoptedEntry {
  sheet: CSSStyleSheet;
  users: number;
}

const adopted = new WeakMap<StyleRoot, Map<string, AdoptedEntry>>();

/**
 * Parsed sheets by text, kept after the last user leaves: switching between areas releases and adopts the
 * same kit and area texts every time, and parsing them again on each switch is wasted work on the hot
 * path. Bounded by the stylesheets the bundles contain; a sheet left here is not adopted, so it styles
 * nothing. Per document: a constructed sheet can only be adopted by the document that made it.
 */
const parsed = new WeakMap<Document, Map<string, CSSStyleSheet>>();

function parsedSheet(cssText: string, root: StyleRoot): CSSStyleSheet {
  const doc = root.ownerDocument ?? (root as Document);
  let sheets = parsed.get(doc);
  if (!sheets) {
    sheets = new Map();
    parsed.set(doc, sheets);
  }
  let sheet = sheets.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sheets.set(cssText, sheet);
  }
  return sheet;
}

function entriesFor(root: StyleRoot): Map<string, AdoptedEntry> {
  let entries = adopted.get(root);
  if (!entries) {
    entries = new Map();
    adopted.set(root, entries);
  }
  return entries;
}

/**
 * Parses `cssText` for `doc` now, without adopting it: an early start moves the parse out of the
 * render that first adopts it.
 */
export function prepareStyles(cssText: string, doc: Document = document): void {
  parsedSheet(cssText, doc);
}

/** Adopts `cssText` on `root` (the document by default); returns a function that releases it. */
export function adoptStyles(cssText: string, root: StyleRoot = document): () => void {
  const entries = entriesFor(root);
  let entry = entries.get(cssText);
  if (!entry) {
    const sheet = parsedSheet(cssText, root);
    entry = { sheet, users: 0 };
    entries.set(cssText, entry);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }
  entry.users += 1;
  let released = false;
  return () => {
    if (released || !entry) return;
    released = true;
    entry.users -= 1;
    if (entry.users > 0) return;
    entries.delete(cssText);
    const sheet = entry.sheet;
    root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet);
  };
}

/** How many stylesheets this module currently holds on `root` (for leak checks in tests and the bench). */
export function adoptedStyleCount(root: StyleRoot = document): number {
  return adopted.get(root)?.size ?? 0;
}
