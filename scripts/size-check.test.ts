import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDist, formatTable, gzipSize, parseBudgets } from './size-check';
import type { Budgets } from './size-check';

const budgets: Budgets = {
  loginPageJsGzipBytes: 4000,
  widgetsEntryGzipBytes: 1500,
  reactMarkers: ['__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'],
  noReactIn: ['@atrium/root-config', '@atrium/login', '@atrium/area-*'],
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A small dist/: files are random bytes (incompressible) so gzip sizes are predictable. */
function fixture(files: Record<string, string>, options: { widgetsBytes?: number } = {}): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'atrium-size-'));
  dirs.push(dist);
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'assets', 'systemjs-s.min.0123456789abcdef.js'), 'System=1;');
  const imports: Record<string, string> = {};
  for (const [name, content] of Object.entries(files)) {
    const file = `${name.replace(/\W+/g, '-')}.js`;
    writeFileSync(path.join(dist, 'assets', file), content);
    imports[name] = `/assets/${file}`;
  }
  writeFileSync(path.join(dist, 'importmap.json'), JSON.stringify({ imports }));
  const login = ['react', '@atrium/root-config', '@atrium/login'].map((name) => ({
    name,
    href: imports[name],
  }));
  writeFileSync(path.join(dist, 'preloads.json'), JSON.stringify({ login, shell: [] }));
  if (options.widgetsBytes !== undefined) {
    mkdirSync(path.join(dist, 'widgets'));
    writeFileSync(
      path.join(dist, 'widgets', 'atrium-widgets.js'),
      randomBytes(options.widgetsBytes).toString('hex'),
    );
  }
  return dist;
}

describe('checkDist', () => {
  it('passes a build within budget with React only in the react module', () => {
    const dist = fixture(
      {
        react: 'var x="__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE";',
        '@atrium/root-config': 'System.register([],function(){});',
        '@atrium/login': 'System.register(["react"],function(){});',
        '@atrium/area-home': 'System.register(["react"],function(){});',
      },
      { widgetsBytes: 100 },
    );
    const rows = checkDist(dist, budgets);
    expect(rows.every((row) => row.ok)).toBe(true);
    expect(rows.map((row) => row.check)).toContain('no React copy in @atrium/area-home');
    expect(formatTable(rows)).toMatch(/login page JS.*ok/);
  });

  it('fails the login budget when the page JS is too big', () => {
    const dist = fixture(
      {
        react: 'react',
        '@atrium/root-config': 'root',
        '@atrium/login': randomBytes(4000).toString('hex'),
      },
      { widgetsBytes: 10 },
    );
    const login = checkDist(dist, budgets).find((row) => row.check.startsWith('login page JS'));
    expect(login?.ok).toBe(false);
  });

  it('fails when an app bundle carries its own React, or the widgets entry is too big or missing', () => {
    const dist = fixture(
      {
        react: 'react',
        '@atrium/root-config': 'root',
        '@atrium/login': 'copy of __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
      },
      { widgetsBytes: 2000 },
    );
    const failing = checkDist(dist, budgets)
      .filter((row) => !row.ok)
      .map((row) => row.check);
    expect(failing).toEqual(['widgets entry (without the toolbar chunk)', 'no React copy in @atrium/login']);
    const noWidgets = fixture({ react: 'r', '@atrium/root-config': 'c', '@atrium/login': 'l' });
    expect(checkDist(noWidgets, budgets).find((row) => row.check === 'widgets entry')?.ok).toBe(false);
  });

  it('says to build first when dist is missing, and rejects malformed budgets', () => {
    expect(() => checkDist(path.join(tmpdir(), 'no-such-atrium-dist'), budgets)).toThrow(/npm run build/);
    expect(() => parseBudgets({ loginPageJsGzipBytes: 1 })).toThrow(/budgets need/);
    expect(gzipSize('aaaa')).toBeGreaterThan(0);
  });
});
