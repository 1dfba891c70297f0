/**
 * The top-level importmap.json: every import-map name and its development URL (unhashed, under /assets/).
 * It is the map a developer reads to see what the platform is made of; the build writes the deployable
 * one (content-hashed, with integrity) into dist/. `npx tsx scripts/dev-importmap.ts` rewrites it;
 * scripts/dev-importmap.test.ts fails when it falls out of step with the modules the build discovers.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fileStem, listMapEntries } from '../webpack.config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEV_IMPORT_MAP_FILE = path.join(ROOT, 'importmap.json');

export function devImportMap(rootDir: string = ROOT): { imports: Record<string, string> } {
  const imports: Record<string, string> = {};
  for (const entry of listMapEntries(rootDir)) imports[entry.name] = `/assets/${fileStem(entry.name)}.js`;
  return { imports };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(DEV_IMPORT_MAP_FILE, `${JSON.stringify(devImportMap(), null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), DEV_IMPORT_MAP_FILE)}`);
}
