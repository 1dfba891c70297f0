/**
 * The lazy chunk legacy pages load for root and headquarters users (on their first Ctrl+Shift+A) and for
 * anyone acting as another user: React, the toolbar and the full client.
 *
 * The toolbar renders inside the `<atrium-dev-toolbar>` element's own shadow root, with the kit's and the
 * toolbar's stylesheets adopted there (not on the document) behind the host reset: a legacy page's
 * `h2 {…}`, `button { text-transform: uppercase }` or `* { margin: 0 }` cannot reach it, and none of its
 * rules reach the page. Its panel, its dialogs and the acting-as banner are in the top layer
 * (popover / modal `<dialog>`), so no z-index on the page covers them.
 */
import * as v from 'valibot';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { StyleRootProvider } from '@atrium/ui';
import type { StyleRoot } from '@atrium/ui';
import { DevToolbar } from '../dev-toolbar/DevToolbar.js';
import { HOST_RESET_CSS, forShadowRoot } from '../shadow-reset.js';
import { api } from '@atrium/api';
// The schemas subpath, not the barrel: the barrel carries only the login-time schemas.
import { InitializeResponseSchema } from '@atrium/api/schemas';
import { loadSessionChunk } from '@atrium/api/endpoints';
import { applyInitialize, setStatus } from '@atrium/session/core';
import type { SessionStore } from '@atrium/session/core';
import type { ToolbarChunk } from './dev-toolbar-loader.js';
import { widgetsApiOrigin } from './api-origin.js';
import { ownEntriesOnly } from './own-entries.js';

// The toolbar's calls go where the script came from (Atrium's origin), as the entry's initialize did, and
// its answers parse whatever the legacy page added to Object.prototype.
api.useServerOrigin(widgetsApiOrigin());
api.prepareSchemas(ownEntriesOnly);
// The open toolbar asks for the user list (and root's roster) at once, and the client loads those calls'
// schemas (the api-schemas chunk) before it sends them: fetched now, while this chunk evaluates and the
// toolbar draws, instead of one round trip after the toolbar is on screen.
void loadSessionChunk().catch(() => undefined);

/** The page's session store (the bar's), which the toolbar reads too; set by `adoptCookieAnswer`. */
let pageStore: SessionStore | null = null;

/**
 * The full client and the validator come with this chunk: only root and HQ users need them on a legacy
 * page. initialize's answer, as the entry's `startFromCookie` read it, is validated here with the full
 * schema, then the store takes all of it and the client its token, without asking the server twice. With
 * no answer (another copy of the bundle started the page's session) the client asks initialize itself, on
 * the same cookie. Resolves false when there is no usable session.
 */
export async function adoptCookieAnswer(initialize: unknown, store: SessionStore): Promise<boolean> {
  pageStore = store;
  try {
    const init = v.parse(
      ownEntriesOnly(InitializeResponseSchema),
      initialize === undefined ? await api.initialize() : initialize,
    );
    api.setAccessToken(init.lapi_access_token);
    applyInitialize(store, init);
    setStatus(store, 'started');
    return true;
  } catch (error) {
    setStatus(store, 'error');
    console.warn(
      '[atrium-widgets] could not read the legacy session',
      v.isValiError(error) ? v.flatten(error.issues) : error,
    );
    return false;
  }
}

/**
 * The host takes no room of its own: everything it shows is in the top layer. Normal, not `!important`, and
 * screen only: a page's rule on the element decides, and in print the toolbar is hidden (HOST_RESET_CSS).
 */
const TOOLBAR_HOST_CSS = `${HOST_RESET_CSS}
  @media not print { :host { display: contents; } }
`;

export const mountDevToolbar: ToolbarChunk['mountDevToolbar'] = (host, { defaultOpen, openedByShortcut }) => {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const hostSheet = new CSSStyleSheet();
  hostSheet.replaceSync(TOOLBAR_HOST_CSS);
  shadow.adoptedStyleSheets = [hostSheet, ...shadow.adoptedStyleSheets.filter((s) => s !== hostSheet)];
  const container = document.createElement('div');
  shadow.append(container);
  const styleRoot: StyleRoot = { root: shadow, transform: forShadowRoot };
  const root = createRoot(container);
  // Synchronously, in the task that loaded the chunk: the user is waiting for this very render (they just
  // pressed Ctrl+Shift+A), and a scheduled render would first let the browser paint a frame without it.
  flushSync(() =>
    root.render(
      createElement(
        StyleRootProvider,
        { value: styleRoot },
        createElement(DevToolbar, {
          defaultOpen,
          openedByShortcut: openedByShortcut ?? false,
          ...(pageStore ? { store: pageStore } : {}),
        }),
      ),
    ),
  );
  return () => {
    root.unmount();
    container.remove();
  };
};
