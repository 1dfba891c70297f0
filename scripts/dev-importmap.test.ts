import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEV_IMPORT_MAP_FILE, devImportMap } from './dev-importmap';

describe('importmap.json', () => {
  it('names every module the build makes, at its development URL', () => {
    const committed = JSON.parse(readFileSync(DEV_IMPORT_MAP_FILE, 'utf8')) as unknown;
    // When this fails: `npx tsx scripts/dev-importmap.ts` rewrites the file from the modules on disk.
    expect(committed).toEqual(devImportMap());
    expect(Object.keys(devImportMap().imports)).toEqual(
      expect.arrayContaining(['react', 'react-dom/client', 'single-spa', '@atrium/login', '@atrium/shell']),
    );
  });
});
