/**
 * The build resolves a shared package's framework-free subpath (`@atrium/session/core`,
 * `@atrium/api/transport`, `@atrium/api/routes`) to the shared module itself inside the import-map world (webpack.config.ts,
 * SHARED_SUBSETS). That is only right while the shared module exports every value the subpath exports, under
 * the same name: otherwise an import would be `undefined` at run time in the shell and nowhere else.
 */
import { describe, expect, it } from 'vitest';
import { SHARED_SUBSETS } from '../webpack.config';

const modules: Record<string, () => Promise<Record<string, unknown>>> = {
  '@atrium/session': () => import('@atrium/session'),
  '@atrium/session/core': () => import('@atrium/session/core'),
  '@atrium/api': () => import('@atrium/api'),
  '@atrium/api/transport': () => import('@atrium/api/transport'),
  '@atrium/api/routes': () => import('@atrium/api/routes'),
};

/**
 * Exports of a subpath that only the legacy widgets' bundle (which bundles the subpath itself, no import
 * map) may use; the shared module leaves them out to spare its bytes (the login page loads @atrium/api).
 */
const WIDGETS_ONLY = new Set(['createCookieTransport']);

describe('SHARED_SUBSETS', () => {
  for (const [subpath, shared] of Object.entries(SHARED_SUBSETS)) {
    it(`${shared} exports every value ${subpath} exports, the same ones`, async () => {
      const load = (name: string) => {
        const loader = modules[name];
        if (!loader) throw new Error(`no loader for ${name}: add it to this test`);
        return loader();
      };
      const [sub, whole] = await Promise.all([load(subpath), load(shared)]);
      const missing = Object.keys(sub).filter((name) => !WIDGETS_ONLY.has(name) && whole[name] !== sub[name]);
      expect(missing).toEqual([]);
    });
  }
});
