/**
 * The lazy chunk legacy pages load for root and headquarters users: React, the toolbar and its r2wc
 * wrapper. The wrapper is defined under an inner tag, because `<atrium-dev-toolbar>` itself is the
 * light loader element on legacy pages.
 */
import { defineDevToolbar } from '../dev-toolbar/element.js';
import type { ToolbarChunk } from './dev-toolbar-loader.js';

import { api } from '@atrium/api';
import { widgetsApiOrigin } from './api-origin.js';

// The full client and store come with this chunk: only root and HQ users need them on a legacy page.
export { adoptLegacySession } from './legacy-session.js';

// The toolbar's calls go where the script came from (Atrium's origin), as the entry's initialize did.
api.useServerOrigin(widgetsApiOrigin());

export const INNER_TAG = 'atrium-dev-toolbar-view';

export const mountDevToolbar: ToolbarChunk['mountDevToolbar'] = (host, { defaultOpen }) => {
  defineDevToolbar(INNER_TAG);
  const view = document.createElement(INNER_TAG);
  if (defaultOpen) view.setAttribute('default-open', 'true');
  host.append(view);
  // r2wc unmounts the React root when its element leaves the document.
  return () => view.remove();
};
