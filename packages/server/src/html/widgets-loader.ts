/**
 * The widgets on Atrium's own server-rendered pages (the /legacy/ demo screens), embedded the way
 * docs/embedding.md tells integrators to: the two tags, then the loader snippet, which inserts the widgets'
 * module script only after the page's `load` event, so a slow widgets script never holds the page up.
 *
 * The snippet is the build's own (packages/widgets/src/loader/snippet.ts, the short form: these pages do not
 * server-render the bar), allowed by its hash in the pages' CSP (`script-src 'self'` alone would refuse an
 * inline script); it creates the `atrium-loader` Trusted Types policy for the script URL.
 */
import { createHash } from 'node:crypto';
import { loaderSnippet } from '@atrium/widgets/loader';
import { escapeHtml } from './escape.js';

/** The loader's text (a constant: the page's settings are attributes of its <script> element). */
export const WIDGETS_LOADER = loaderSnippet(null);

/** Its CSP source expression, for `script-src`. */
export const WIDGETS_LOADER_HASH = `'sha256-${createHash('sha256').update(WIDGETS_LOADER, 'utf8').digest('base64')}'`;

/** The fixed address of the full build's widgets entry (a live widgets release redirects it). */
export const WIDGETS_ENTRY_URL = '/widgets/atrium-widgets.js';

/**
 * The loader as a page prints it, for `src` (and its `integrity`, which makes the request CORS). An entry of
 * another origin (a release's files on a CDN) comes with `data-origin=""`: Atrium is this page's origin,
 * not the CDN's.
 */
export function widgetsLoaderTag(src: string = WIDGETS_ENTRY_URL, integrity?: string): string {
  const sri = integrity ? ` data-integrity="${escapeHtml(integrity)}"` : '';
  const origin = src.startsWith('/') && !src.startsWith('//') ? '' : ' data-origin=""';
  return `<script data-src="${escapeHtml(src)}"${sri}${origin}>${WIDGETS_LOADER}</script>`;
}
