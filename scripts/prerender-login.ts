/**
 * Renders the login page's first screen to HTML at build time (packages/login/src/prerender.tsx): the
 * login module's source is bundled for Node with esbuild (stylesheets as text, as webpack does for the
 * browser), with React left to Node's own resolution so the markup comes from the same React the page runs.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { NODE_BUNDLE } from './node-bundle';

export interface LoginFrame {
  html: string;
  css: string;
}

interface PrerenderModule {
  renderLoginFrame: (now?: Date) => LoginFrame;
}

export async function prerenderLogin(rootDir: string, now: Date = new Date()): Promise<LoginFrame> {
  // Inside node_modules so the bundle's bare `react` imports resolve from the repository's packages.
  const outDir = path.join(rootDir, 'node_modules', '.cache', 'atrium-prerender');
  mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, `login-frame-${process.pid}-${Date.now()}.mjs`);
  try {
    await build({
      entryPoints: [path.join(rootDir, 'packages', 'login', 'src', 'prerender.tsx')],
      outfile: outFile,
      ...NODE_BUNDLE,
      external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
      define: { 'process.env.ATRIUM_ENV': JSON.stringify('production') },
    });
    const module = (await import(pathToFileURL(outFile).href)) as PrerenderModule;
    const frame = module.renderLoginFrame(now);
    if (!frame.html.includes('name="username"')) {
      throw new Error('the prerendered login frame has no username field');
    }
    return frame;
  } finally {
    rmSync(outFile, { force: true });
  }
}
