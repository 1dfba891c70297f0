/**
 * The signed-in page's first screen as HTML, rendered by the server for each response (Lighthouse
 * `/home` waited for the boot's start-up call, behind the blocking message, before anything of the page
 * was drawn). The server has the session the cookie names, so it answers initialize itself, puts that
 * answer in the page for the boot (no request, nothing to wait for) and sends the screen the shell's first
 * render will draw: the shell itself, rendered here with that answer in the page's session store, and in
 * its outlet the route's area where the area can draw without data of its own (`renderArea`).
 *
 * The browser hydrates this markup (the shell's lifecycles, then the area's parcel its own part): what the
 * user sees is never replaced, only brought to life. renderToString, not renderToStaticMarkup: hydration
 * needs its text separators, and its ids are the ones useId gives while hydrating.
 *
 * Server-only: bundled for Node by the build (scripts/prerender-shell.ts) with react-dom/server, never
 * part of a browser bundle.
 */
import { renderToString } from 'react-dom/server';
import type { InitializeResponse } from '@atrium/api';
import {
  applyInitialize,
  initialSessionState,
  mergeLegacySession,
  session,
  setStatus,
} from '@atrium/session';
import { collectStyles } from '@atrium/ui/collect-styles';
import { Shell } from '../Shell';
import { ServerRenderContext } from '../server-render';
import type { ServerAreaRenderer } from '../server-render';
import { createServerServices } from './server-services';

export interface ShellFrameInput {
  /** initialize's answer for this page (legacy_initialize's, when carried, is merged as the boot would). */
  start: InitializeResponse;
  pathname: string;
  search: string;
  /** The route's area, for the areas that can be drawn from the session alone (the rest: an empty outlet). */
  renderArea?: ServerAreaRenderer;
  /** The response's CSP nonce (the notification bar's stylesheet is inline in its shadow root). */
  nonce: string;
}

export interface ShellFrame {
  /** The shell's markup, without its container. */
  html: string;
  /** Every stylesheet that markup's components use, in the order they asked for them. */
  css: string;
}

export function renderShellFrame({
  start,
  pathname,
  search,
  renderArea,
  nonce,
}: ShellFrameInput): ShellFrame {
  // The page's session store, as the boot leaves it. A render is synchronous, so no other request's
  // render can see this state before the next one replaces it.
  session.setState(initialSessionState('starting'));
  const { legacy_initialize: legacy, ...answer } = start;
  applyInitialize(session, answer);
  const carried = legacy as { success?: unknown; session_data?: unknown } | undefined;
  if (carried?.success === true && typeof carried.session_data === 'object' && carried.session_data) {
    mergeLegacySession(session, carried.session_data as Record<string, unknown>);
  }
  setStatus(session, 'started');

  const styles = new Set<string>();
  const collect = (css: string) => void styles.add(css);
  try {
    const html = collectStyles(collect, () =>
      renderToString(
        <ServerRenderContext value={{ renderArea: renderArea ?? null, nonce }}>
          <Shell services={createServerServices({ pathname, search })} />
        </ServerRenderContext>,
      ),
    );
    return { html, css: [...styles].join('\n') };
  } finally {
    session.setState(initialSessionState('idle'));
  }
}
