import { defineConfig } from 'vitest/config';
import type { Plugin } from 'vite';

/** Stylesheets are imported as text, as webpack's `asset/source` does in the real build. */
function cssAsText(): Plugin {
  return {
    name: 'atrium-css-as-text',
    enforce: 'pre',
    // A virtual id that does not look like a stylesheet (Vitest empties every id ending in .css).
    async resolveId(source, importer) {
      if (!source.endsWith('.css') || !importer) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `\0atrium-css:${Buffer.from(resolved.id).toString('base64url')}` : null;
    },
    load(id) {
      if (!id.startsWith('\0atrium-css:')) return null;
      const file = Buffer.from(id.slice('\0atrium-css:'.length), 'base64url').toString('utf8');
      return import('node:fs/promises').then(
        async (fs) => `export default ${JSON.stringify(await fs.readFile(file, 'utf8'))};`,
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
      'integrations/**/*.test.ts',
      'tests/integration/**/*.test.ts',
      'tests/docs/**/*.test.ts',
    ],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Many of these tests
    // wait on real servers (Redis, nginx, php-fpm, the S3 server) or timers, so two workers overlap those
    // waits: 141 s -> 101 s for the whole run here (three: 98 s).
    maxWorkers: 2,
    testTimeout: 15000,
    restoreMocks: true,
  },
});
