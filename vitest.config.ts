import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';

/** Stylesheets are imported as text, as webpack's `asset/source` does in the real build. */
function cssAsText(): Plugin {
  return {
    name: 'atrium-css-as-text',
    enforce: 'pre',
    load(id) {
      if (!id.endsWith('.css')) return null;
      return import('node:fs/promises').then(
        async (fs) => `export default ${JSON.stringify(await fs.readFile(id, 'utf8'))};`,
      );
    },
  };
}

export default defineConfig({
  plugins: [cssAsText()],
  esbuild: { jsx: 'automatic' },
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'root-config/src/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 15000,
    restoreMocks: true,
  },
});
