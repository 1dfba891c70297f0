/**
 * What a render on the server (./prerender) gives the components that draw differently there: on the
 * server no area module loads and no parcel or custom element comes to life (those are effects), so the
 * outlet draws the area's own first render (`renderArea`) and the notification bar's slot its first render
 * as HTML (`nonce`: the page's CSP nonce, for the bar's stylesheet). Null in a browser.
 */
import { createContext } from 'react';
import type { AreaProps } from '@atrium/ui';
import type { AreaName } from './routes/route-table';

/**
 * The area's first render as HTML (a React root of its own, as its parcel's is), or null for an area that
 * cannot be drawn without its data. Its stylesheets are collected with the shell's (`collectStyles`).
 */
export type ServerAreaRenderer = (area: AreaName, props: AreaProps) => string | null;

/** Marks server markup a React root hydrates (the shell's container, an area's host) until it has. */
export const PRERENDERED_ATTR = 'data-atrium-prerendered';

export interface ServerRender {
  renderArea: ServerAreaRenderer | null;
  nonce: string;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);
