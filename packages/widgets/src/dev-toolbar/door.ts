/**
 * `@atrium/widgets/dev-toolbar`: how a React host (the shell) gets the developer toolbar without carrying
 * it. The toolbar, with record video and the releases panel, is a chunk of its own (off the way
 * to the shell's first screen, and never downloaded by users who cannot see it); the shortcut check is here,
 * so a host can catch a Ctrl+Shift+A pressed while that chunk is still on its way.
 */
import type * as DevToolbarModule from './DevToolbar.js';

export { isToggleShortcut } from './hotkey.js';
export type { DevToolbarProps } from './DevToolbar.js';

export function loadDevToolbar(): Promise<typeof DevToolbarModule> {
  return import(/* webpackChunkName: "dev-toolbar" */ './DevToolbar.js');
}
