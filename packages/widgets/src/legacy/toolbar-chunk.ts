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
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { StyleRootProvider } from '@atrium/ui';
import type { StyleRoot } from '@atrium/ui';
import { DevToolbar } from '../dev-toolbar/DevToolbar.js';
import { HOST_RESET_CSS, forShadowRoot } from '../shadow-reset.js';
import { api } from '@atrium/api';
import type { ToolbarChunk } from './dev-toolbar-loader.js';
import { widgetsApiOrigin } from './api-origin.js';
import { ownEntriesOnly } from './own-entries.js';

// The full client and store come with this chunk: only root and HQ users need them on a legacy page.
export { adoptLegacySession } from './legacy-session.js';

// The toolbar's calls go where the script came from (Atrium's origin), as the entry's initialize did, and
// its answers parse whatever the legacy page added to Object.prototype.
api.useServerOrigin(widgetsApiOrigin());
api.prepareSchemas(ownEntriesOnly);

/** The host takes no room of its own: everything it shows is in the top layer. */
const TOOLBAR_HOST_CSS = `${HOST_RESET_CSS}
  :host { display: contents !important; }
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
  root.render(
    createElement(
      StyleRootProvider,
      { value: styleRoot },
      createElement(DevToolbar, { defaultOpen, openedByShortcut: openedByShortcut ?? false }),
    ),
  );
  return () => {
    root.unmount();
    container.remove();
  };
};
