/**
 * One set of design tokens: `--atr-*`. The UI kit (packages/ui/src/kit.css) defines them for every React
 * app and for legacy pages; the page frame (packages/server/public/base.css) defines the ones it paints
 * with before any script runs. Where both define a token, the values must be the same, or the frame's
 * header band and the shell's would differ in colour at boot.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** `--atr-x: value;` declarations of a stylesheet's `:root` rule, values with whitespace collapsed. */
function rootTokens(file: string): Map<string, string> {
  const css = readFileSync(path.join(root, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const block = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const tokens = new Map<string, string>();
  for (const match of block.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
    tokens.set(match[1]!, match[2]!.trim().replace(/\s+/g, ' '));
  }
  return tokens;
}

/** Every product source and stylesheet (not tests, not build output). */
function productFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(css|ts|tsx|html|php|js)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/[/\\](dist|node_modules)[/\\]/.test(file) && !/\.test\.tsx?$/.test(file));
}

describe('design tokens', () => {
  it('the frame and the kit give every token they share the same value', () => {
    const frame = rootTokens('packages/server/public/base.css');
    const kit = rootTokens('packages/ui/src/kit.css');
    expect(frame.size).toBeGreaterThan(0);
    expect(kit.get('--atr-primary')).toBe('#1d5aa6');
    const shared = [...frame.keys()].filter((name) => kit.has(name));
    expect(shared).toContain('--atr-primary');
    for (const name of shared)
      expect({ name, value: frame.get(name) }).toEqual({ name, value: kit.get(name) });
  });

  it('the frame defines every token it uses, all of them --atr-*', () => {
    const css = readFileSync(path.join(root, 'packages/server/public/base.css'), 'utf8');
    const frame = rootTokens('packages/server/public/base.css');
    for (const name of frame.keys()) expect(name).toMatch(/^--atr-/);
    const used = new Set([...css.matchAll(/var\((--[\w-]+)/g)].map((match) => match[1]!));
    for (const name of used) expect({ name, defined: frame.has(name) }).toEqual({ name, defined: true });
  });

  it('no product file uses the old --atrium-* token names', () => {
    const offenders = ['packages', 'root-config', 'integrations']
      .flatMap(productFiles)
      .filter((file) => /--atrium-[a-z]/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
