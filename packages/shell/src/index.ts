/**
 * `@atrium/shell`: the single-spa application active on every path but the login page. This entry only
 * wires the lifecycles; each feature is a folder (chrome, routes, areas, updates, notifications, dev-tools,
 * unsaved, search, modes: README.md) with its framework-free core beside its React views.
 */
import { createReactLifecycles } from '@atrium/lifecycles/react';
import { dropInlineCode } from '@atrium/widgets/inline-code';
import { loadSanitizer, registerWithPagePolicy, setInlineCodeFilter } from '@atrium/widgets/sanitize';
import { Shell } from './Shell';
import type { ShellProps } from './Shell';
import { ShellCrash } from './ShellCrash';
import { shellElement } from './shell-element';
import { PRERENDERED_ATTR } from './server-render';
import { session } from '@atrium/session';

const lifecycles = createReactLifecycles<ShellProps>({
  root: Shell,
  fallback: ShellCrash,
  domElement: () => shellElement(),
  // A signed-in page the server rendered (server-screen.ts): its markup becomes the live shell, when the
  // session started as the server did. A boot that failed shows its error instead: rendered afresh.
  hydrate: (container) => container.hasAttribute(PRERENDERED_ATTR) && session.getState().status === 'started',
});

/**
 * Under Trusted Types every HTML sink needs the sanitiser: the page's one sanitiser (the notification bar's)
 * is handed to the page's policy as soon as it is there. Not awaited (the first screen does not
 * wait for it): where the browser has no HTML Sanitizer API it is DOMPurify's chunk, and nothing in the
 * shell writes HTML to a sink meanwhile (the notification bar builds nodes, and loads the sanitiser itself
 * before it shows a rich message). Until then the policy refuses HTML: never shown raw. A failure is logged.
 */
export async function bootstrap(props: Parameters<typeof lifecycles.bootstrap>[0]): Promise<void> {
  // The tokenizer that keeps inline code from the parsers is in this bundle, not a chunk to wait for (as
  // on legacy pages): with the native API the policy has its sanitiser before the first render.
  setInlineCodeFilter(dropInlineCode);
  loadSanitizer()
    .then(registerWithPagePolicy)
    .catch((error: unknown) => console.error('[atrium] sanitiser-load-failed', error));
  await lifecycles.bootstrap(props);
}

export const { mount, unmount } = lifecycles;

export type { ShellProps } from './Shell';
export * from './routes/route-table';
export * from './routes/match';
export * from './routes/guards';
export { prepareArea } from './areas/prepare-area';
export type { UpdateStatus } from './updates/update-checker';
export { UNSAVED_CHANGES_MESSAGE } from './unsaved/unsaved-changes-guard';
