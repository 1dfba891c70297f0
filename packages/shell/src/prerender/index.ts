/** `@atrium/shell/prerender`: the signed-in page's first screen rendered on the server (server-only). */
export { renderShellFrame } from './render-shell-frame';
export type { ShellFrame, ShellFrameInput } from './render-shell-frame';
export type { ServerAreaRenderer } from '../server-render';
