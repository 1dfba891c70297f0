/**
 * esbuild's settings for the build's server renders (prerender-login.ts, prerender-shell.ts): the app's
 * source bundled for Node, stylesheets as text (as webpack gives them to the browser).
 */
import type { BuildOptions } from 'esbuild';

export const NODE_BUNDLE: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  jsx: 'automatic',
  loader: { '.css': 'text' },
  logLevel: 'error',
};
