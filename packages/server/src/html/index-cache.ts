import { randomBytes } from 'node:crypto';
import { constants, gzipSync } from 'node:zlib';
import { escapeHtml } from './escape.js';
import { renderIndex, type DistFiles, type RenderIndexOptions } from './index-template.js';
import { createGzipSplice, type GzipSplice } from './spliced-gzip.js';

/**
 * index.html rendered once per build, release view and page kind, split where the CSP nonce goes: a
 * response only joins the parts around its own fresh nonce. Rendering in full on every load (serialising
 * the import map, the preload links, a pass over the whole template) was most of the page's cost under
 * load (bench/lib/load.ts); the page is otherwise the same bytes for everyone who gets that view.
 */
export interface CompiledIndex {
  /** `slots`: a signed-in page's own first screen and styles (RenderIndexOptions.signedIn). */
  render(nonce: string, slots?: PageSlots): string;
  /** The same page gzip-encoded, from parts compressed once (spliced-gzip.ts). */
  gzip(nonce: string, slots?: PageSlots): Buffer;
}

/** What a signed-in page carries of its own (its person's first screen), filled per response. */
export type PageSlots = NonNullable<RenderIndexOptions['signedIn']>;

/** The page kinds compiled apart: which template values they take. */
export type PageKindOptions = Omit<RenderIndexOptions, 'nonce' | 'signedIn'> & { signedIn?: boolean };

/** A marker no build or release can contain by chance (random, with NULs that escaping leaves alone and
 * JSON never emits raw), put where a per-response value goes, then cut out. */
const newMarker = (): string => `\u0000${randomBytes(12).toString('hex')}\u0000`;

export function compileIndex(files: DistFiles, options: PageKindOptions): CompiledIndex {
  const marker = newMarker();
  const slotMarkers = options.signedIn
    ? { styles: newMarker(), start: newMarker(), shell: newMarker() }
    : undefined;
  const { signedIn: _kind, ...values } = options;
  const parts = renderIndex(files, {
    ...values,
    nonce: marker,
    ...(slotMarkers ? { signedIn: slotMarkers } : {}),
  }).split(marker);
  if (slotMarkers) {
    // The person's own screen differs per response anyway: the page is joined and compressed whole
    // (a millisecond or two, beside the render of that screen).
    const render = (nonce: string, slots?: PageSlots): string =>
      parts
        .join(escapeHtml(nonce))
        .replace(slotMarkers.styles, () => slots?.styles ?? '')
        .replace(slotMarkers.start, () => slots?.start ?? '')
        .replace(slotMarkers.shell, () => slots?.shell ?? '');
    return {
      render,
      gzip: (nonce, slots) => gzipSync(render(nonce, slots), { level: constants.Z_DEFAULT_COMPRESSION }),
    };
  }
  // Made on the first gzip answer, for the nonce's length (the same for every nonce createNonce makes).
  let splice: { length: number; fill: GzipSplice } | null = null;
  return {
    render: (nonce) => parts.join(escapeHtml(nonce)),
    gzip(nonce) {
      const filler = escapeHtml(nonce);
      const length = Buffer.byteLength(filler);
      if (splice?.length !== length) splice = { length, fill: createGzipSplice(parts, length) };
      return splice.fill(filler);
    },
  };
}

/** Pages kept per build: more than a few means views churn (many canary mixes); then start afresh. */
const MAX_PAGES = 64;

/**
 * Compiled pages of one build (one DistFiles object: createDistReader gives a new one when index.html
 * changes, so a rebuild is never served from here), keyed by the release view and the page kind. A view
 * key names everything the page takes from the release (releases never change once made, so their id and
 * the canaries a person gets are enough); `filesFor` makes the page's files only when it is not kept yet.
 */
export function createIndexCache(): (
  build: DistFiles,
  viewKey: string,
  options: PageKindOptions,
  filesFor: () => DistFiles,
) => CompiledIndex {
  let current: DistFiles | null = null;
  const pages = new Map<string, CompiledIndex>();
  return (build, viewKey, options, filesFor) => {
    if (current !== build) {
      current = build;
      pages.clear();
    }
    const page = `${options.login ? 'login' : options.home ? 'home' : 'shell'}${options.signedIn ? '+signed-in' : ''}`;
    const key = `${viewKey}\n${page}\n${options.env}`;
    let compiled = pages.get(key);
    if (!compiled) {
      if (pages.size >= MAX_PAGES) pages.clear();
      compiled = compileIndex(filesFor(), options);
      pages.set(key, compiled);
    }
    return compiled;
  };
}
