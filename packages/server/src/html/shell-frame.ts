/**
 * The signed-in page's server render, as the build bundles it: dist/shell-frame.mjs
 * (scripts/prerender-shell.ts), imported from the build the server serves, so a new build brings its own.
 * The server stays free of React: it only calls the bundle's two functions.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InitializeResponse } from '@atrium/api/schemas';

export interface ShellFrame {
  html: string;
  css: string;
}

/** What dist/shell-frame.mjs exports (the shell's and the areas' prerender). */
export interface ShellFrameModule {
  renderShellFrame(input: {
    start: InitializeResponse;
    pathname: string;
    search: string;
    renderArea?: unknown;
    nonce: string;
  }): ShellFrame;
  renderAreaFrame: unknown;
}

export type RenderShellFrame = (input: {
  start: InitializeResponse;
  pathname: string;
  search: string;
  nonce: string;
}) => ShellFrame;

export const SHELL_FRAME_FILE = 'shell-frame.mjs';

/**
 * The build's renderer, or null for a build without one (the page then starts from the generic frame and
 * the blocking message, as before). Imported again when the file changes (a watch rebuild): the address
 * carries its version, so Node's module cache never answers with an old build's.
 */
export async function loadShellFrame(distDir: string): Promise<RenderShellFrame | null> {
  const file = path.join(distDir, SHELL_FRAME_FILE);
  let version: string;
  try {
    const info = await stat(file);
    version = `${info.mtimeMs}-${info.size}`;
  } catch {
    return null;
  }
  const module = (await import(`${pathToFileURL(file).href}?v=${version}`)) as ShellFrameModule;
  return (input) => module.renderShellFrame({ ...input, renderArea: module.renderAreaFrame });
}
