/**
 * Bundles the signed-in page's server render (packages/shell/src/prerender with the areas' own,
 * packages/areas/src/prerender.tsx) for Node, as one self-contained ES module the server imports from the
 * build (dist/shell-frame.mjs): React, react-dom/server and every package inside it, so the server needs
 * nothing of the repository's node_modules to run it and renders with the React the page was built with.
 * Stylesheets come in as text, as webpack gives them to the browser. The bundle is checked here by
 * rendering a sample signed-in home: a build whose first screen draws no launcher fails.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { InitializeResponse } from '@atrium/api';
import { demoInitializeResponse } from '@atrium/api/testing';
import { NODE_BUNDLE } from './node-bundle';

/** What the bundle exports (the server's html/shell-frame.ts reads the same two). */
interface ShellFrameModule {
  renderShellFrame(input: {
    start: InitializeResponse;
    pathname: string;
    search: string;
    nonce: string;
    renderArea: unknown;
  }): { html: string; css: string };
  renderAreaFrame: unknown;
}

/** The bundle's entry: the shell's render, and the areas' part of it. */
const ENTRY = [
  "export { renderShellFrame } from '@atrium/shell/prerender';",
  "export { renderAreaFrame } from '@atrium/areas/prerender';",
].join('\n');

export async function bundleShellFrame(rootDir: string): Promise<string> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: rootDir, loader: 'ts', sourcefile: 'shell-frame-entry.ts' },
    write: false,
    ...NODE_BUNDLE,
    // CommonJS inside an ES module (React's builds) asks for `require`: give it Node's.
    banner: {
      js: "import { createRequire as __atriumRequire } from 'node:module'; const require = __atriumRequire(import.meta.url);",
    },
    define: {
      'process.env.NODE_ENV': JSON.stringify('production'),
      'process.env.ATRIUM_ENV': JSON.stringify('production'),
    },
    minify: true,
    legalComments: 'none',
  });
  const code = result.outputFiles?.[0]?.text;
  if (!code) throw new Error('the shell frame bundle came out empty');
  await checkShellFrame(rootDir, code);
  return code;
}

/** Imports the bundle from a scratch file and renders the sample: the launcher must be in it. */
async function checkShellFrame(rootDir: string, code: string): Promise<void> {
  const dir = path.join(rootDir, 'node_modules', '.cache', 'atrium-prerender');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `shell-frame-${process.pid}-${Date.now()}.mjs`);
  writeFileSync(file, code);
  try {
    const module = (await import(pathToFileURL(file).href)) as ShellFrameModule;
    const frame = module.renderShellFrame({
      start: demoInitializeResponse(),
      pathname: '/home',
      search: '',
      renderArea: module.renderAreaFrame,
      nonce: 'sample',
    });
    if (!frame.html.includes('home-launcher') || !frame.html.includes('atrium-shell')) {
      throw new Error('the server-rendered home draws no shell or no launcher');
    }
  } finally {
    rmSync(file, { force: true });
  }
}
