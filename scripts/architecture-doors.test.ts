/**
 * docs/architecture.md's "Packages and their doors" table is what a newcomer reads to know what may be
 * imported from where. It went stale once (doors added and removed without the table following), so the
 * table is checked against each package's `exports`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** Rows of the doors table: package folder → the doors named in its second column. */
function documentedDoors(): Map<string, string[]> {
  const markdown = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const section = markdown.split('## Packages and their doors')[1]?.split('\n## ')[0] ?? '';
  const rows = new Map<string, string[]>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const folder = cells[1]?.replace(/\/$/, '');
    if (!folder || !(folder === 'root-config' || folder.startsWith('packages/'))) continue;
    const doors = [...(cells[2] ?? '').matchAll(/`(\.|\/[\w-]+)`/g)].map(([, door]) =>
      door === '.' ? '.' : `.${door}`,
    );
    rows.set(folder, doors);
  }
  return rows;
}

function exportedDoors(folder: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) as {
    exports?: Record<string, unknown>;
  };
  return Object.keys(manifest.exports ?? {});
}

describe('docs/architecture.md doors table', () => {
  const rows = documentedDoors();

  it('has a row for every package', () => {
    const folders = [
      'root-config',
      ...readdirSync(join(root, 'packages'), { withFileTypes: true })
        .filter(
          (entry) => entry.isDirectory() && existsSync(join(root, 'packages', entry.name, 'package.json')),
        )
        .map((entry) => `packages/${entry.name}`),
    ];
    expect(folders.length).toBeGreaterThan(10);
    for (const folder of folders) expect(rows.has(folder), `${folder} is missing from the table`).toBe(true);
  });

  it.each([...documentedDoors().keys()])('%s lists exactly the doors its package.json exports', (folder) => {
    expect([...(rows.get(folder) ?? [])].sort()).toEqual(exportedDoors(folder).sort());
  });
});
