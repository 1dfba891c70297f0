import { describe, expect, it } from 'vitest';
import { landingPath, warmShell } from './warm-shell.js';
import type { ModuleImporter } from './warm-shell.js';

const ORIGIN = 'https://atrium.example';

function fakeSystem(modules: Record<string, unknown>) {
  const imported: string[] = [];
  const system: ModuleImporter = {
    import: async (id) => {
      imported.push(id);
      if (!(id in modules)) throw new Error(`no module ${id}`);
      return modules[id];
    },
  };
  return { imported, system };
}

describe('warmShell', () => {
  it('runs the shell, then the area its route table shows at the path', async () => {
    const { imported, system } = fakeSystem({
      '@atrium/shell': { areaModuleFor: (path: string) => (path === '/home' ? '@atrium/area-home' : null) },
      '@atrium/area-home': {},
    });
    await warmShell('/home', system);
    expect(imported).toEqual(['@atrium/shell', '@atrium/area-home']);
  });

  it('stops at the shell when the path shows no area of its own, and rejects when the shell fails', async () => {
    const { imported, system } = fakeSystem({ '@atrium/shell': { areaModuleFor: () => null } });
    await warmShell('/somewhere', system);
    expect(imported).toEqual(['@atrium/shell']);
    await expect(warmShell('/home', fakeSystem({}).system)).rejects.toThrow('no module @atrium/shell');
  });
});

describe('warmShell with a shell that loads its own areas', () => {
  it("hands the path to the shell's prepareArea and imports nothing else itself", async () => {
    const prepared: string[] = [];
    const { imported, system } = fakeSystem({
      '@atrium/shell': {
        prepareArea: async (path: string, options?: { ahead?: boolean }) =>
          void prepared.push(`${path} ${options?.ahead ? 'ahead' : 'now'}`),
        areaModuleFor: () => '@atrium/area-home',
      },
    });
    await warmShell('/home', system);
    await warmShell('/home', system, true);
    expect(imported).toEqual(['@atrium/shell', '@atrium/shell']);
    expect(prepared).toEqual(['/home now', '/home ahead']);
  });
});

describe('landingPath', () => {
  const at = (pathname: string, search = '') => ({ pathname, search, origin: ORIGIN });

  it('is the page itself on a shell page', () => {
    expect(landingPath(at('/evaluations/forms', '?id=3'))).toBe('/evaluations/forms');
  });

  it('is home after a sign-in without a returnUrl', () => {
    expect(landingPath(at('/common/login'))).toBe('/home');
  });

  it("is a same-origin returnUrl's path, without its query", () => {
    const search = `?returnUrl=${encodeURIComponent('/evaluations/forms?id=3')}`;
    expect(landingPath(at('/common/login', search))).toBe('/evaluations/forms');
  });

  it('is home for a returnUrl on another origin', () => {
    const search = `?returnUrl=${encodeURIComponent('https://evil.example/x')}`;
    expect(landingPath(at('/common/login', search))).toBe('/home');
  });
});
