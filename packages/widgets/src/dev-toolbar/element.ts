/**
 * `<atrium-dev-toolbar>` for pages that already run React: the DevToolbar wrapped by
 * @r2wc/react-to-web-component. Light DOM on purpose (no `shadow` option): the toolbar's styles are adopted
 * on the document and the kit's Dialog portals to document.body, neither of which reaches into a shadow
 * root. Legacy pages get the same class through the lazy chunk (legacy/toolbar-chunk.ts).
 */
import r2wc from '@r2wc/react-to-web-component';
import { defineOnce } from '../registry.js';
import { WIDGETS_VERSION } from '../version.js';
import { DevToolbar } from './DevToolbar.js';

export const DEV_TOOLBAR_TAG = 'atrium-dev-toolbar';

/**
 * Only plain data crosses the element boundary; the injectable side effects (api, store, navigate) stay
 * React-only. `default-open="true"` opens it at once (r2wc reads booleans from the attribute's text).
 */
const R2wcDevToolbar = r2wc(DevToolbar, {
  props: { defaultOpen: 'boolean' },
}) as unknown as typeof HTMLElement;

export class DevToolbarElement extends R2wcDevToolbar {
  static readonly version: string = WIDGETS_VERSION;
}

/** Defines `<atrium-dev-toolbar>` as the React wrapper (or `tag`), once per page; never throws on repeat. */
export function defineDevToolbar(tag: string = DEV_TOOLBAR_TAG): CustomElementConstructor {
  return defineOnce(tag, DevToolbarElement);
}
