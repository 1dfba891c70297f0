import { createContext, createElement, useContext, useInsertionEffect } from 'react';
import type { ReactNode } from 'react';
import { adoptStyles } from './styles';

/** Where the components below adopt their stylesheets, and how the text is adapted for that place. */
export interface StyleRoot {
  root: Document | ShadowRoot;
  /** Applied to every text before it is adopted there (e.g. pinning rem units inside a shadow root). */
  transform?: (cssText: string) => string;
}

/** Null: the document, unchanged (the shell, the login page, the areas). */
const StyleRootContext = createContext<StyleRoot | null>(null);

/**
 * Renders `children` with their stylesheets adopted on `value.root` instead of the document: a widget that
 * mounts React inside a shadow root (the developer toolbar on legacy pages) keeps its styles in there,
 * away from the page's and out of its reach.
 */
export function StyleRootProvider({ value, children }: { value: StyleRoot; children?: ReactNode }) {
  return createElement(StyleRootContext.Provider, { value }, children);
}

/**
 * Where a component that portals out of its tree (a floating panel) should portal to: the shadow root it
 * is styled in, so it keeps its styles and stays out of the page's reach, else `document.body`.
 */
export function usePortalTarget(): Element | ShadowRoot {
  const target = useContext(StyleRootContext);
  const root = target?.root;
  return root && root !== document && 'host' in root ? root : document.body;
}

/**
 * Each text as `transform` gave it the first time. Every component that adopts the kit runs its insertion
 * effect with the same few texts; transforming them again each time (a regular expression over the whole
 * kit, still interpreted on a page's first use) was the largest script cost of the toolbar's first draw
 * on a legacy page after React itself.
 */
const transformed = new WeakMap<(cssText: string) => string, Map<string, string>>();

function transformOnce(cssText: string, transform: ((cssText: string) => string) | undefined): string {
  if (!transform) return cssText;
  let texts = transformed.get(transform);
  if (!texts) transformed.set(transform, (texts = new Map()));
  let result = texts.get(cssText);
  if (result === undefined) texts.set(cssText, (result = transform(cssText)));
  return result;
}

/**
 * A server render's record of the stylesheets its components ask for (`collectStyles`): React runs no
 * effects on the server, so `useStyles` hands its texts over during the render instead. Module state, set
 * only for the length of one synchronous render (renderToString), so no other render sees it.
 */
let collector: ((cssText: string) => void) | null = null;

/**
 * Runs `render` (a server render) with every stylesheet its components use reported to `collect`; a
 * render inside it (another root's renderToString) reports to the same place.
 */
export function collectStyles<T>(collect: (cssText: string) => void, render: () => T): T {
  const outer = collector;
  collector = collect;
  try {
    return render();
  } finally {
    collector = outer;
  }
}

/** Adopts each stylesheet while the calling component is mounted. */
export function useStyles(...cssTexts: string[]): void {
  if (collector) cssTexts.forEach(collector);
  const target = useContext(StyleRootContext);
  const root = target?.root;
  const transform = target?.transform;
  const key = cssTexts.join('\n/* -- */\n');
  useInsertionEffect(() => {
    const releases = cssTexts.map((css) => adoptStyles(transformOnce(css, transform), root));
    return () => releases.forEach((release) => release());
    // The joined key captures every text; the array identity changes on each render.
  }, [key, root, transform]);
}
