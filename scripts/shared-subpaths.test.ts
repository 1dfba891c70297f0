import { describe, expect, it } from 'vitest';
import { SHARED_SUBPATH_ALIASES } from '../webpack.config';

describe('shared subpaths that System modules take from their package', () => {
  it.each(Object.entries(SHARED_SUBPATH_ALIASES))(
    '%s exports nothing that %s lacks (the build hands the one for the other)',
    async (subpath, main) => {
      const [sub, shared] = await Promise.all([
        import(/* @vite-ignore */ subpath) as Promise<Record<string, unknown>>,
        import(/* @vite-ignore */ main) as Promise<Record<string, unknown>>,
      ]);
      const missing = Object.keys(sub).filter((name) => shared[name] !== sub[name]);
      expect(missing).toEqual([]);
    },
  );
});
