/**
 * `npm run types-package [-- --out <dir>]`: the type declarations of the shared modules an area imports,
 * `@atrium/api`, `@atrium/session` and `@atrium/ui` (which holds `AreaProps`, the props the shell passes),
 * as npm tarballs (`npm pack`) under their own names, so an area built in another repository type-checks
 * against the page's session, client and contract (`npm install --save-dev ./atrium-*.tgz`) and keeps them external
 * (docs/area-teams.md, "What the area gets"). Types only: the code is the page's, through the import map.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

/** The packages, in dependency order. */
export const TYPES_PACKAGES = ['api', 'session', 'ui'] as const;

/** Declarations for tests only: not part of what an area may use. */
const LEFT_OUT = /(\.test|test-fixtures|testing)\.d\.ts$/;

interface SourcePackage {
  name: string;
  version: string;
  exports: Record<string, string>;
  dependencies?: Record<string, string>;
}

async function declarations(from: string, to: string): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) await declarations(source, path.join(to, entry.name));
    else if (entry.name.endsWith('.d.ts') && !LEFT_OUT.test(entry.name)) {
      await mkdir(to, { recursive: true });
      await cp(source, path.join(to, entry.name));
    }
  }
}

/** Builds the declarations and packs each package into `outDir`; returns the tarballs' paths. */
export async function packTypes(outDir: string): Promise<string[]> {
  await run(
    path.join(ROOT, 'node_modules', '.bin', 'tsc'),
    ['-b', ...TYPES_PACKAGES.map((p) => `packages/${p}`)],
    {
      cwd: ROOT,
    },
  );
  await mkdir(outDir, { recursive: true });
  const tarballs: string[] = [];
  const versions: Record<string, string> = {};
  for (const short of TYPES_PACKAGES) {
    const dir = path.join(ROOT, 'packages', short);
    const source = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as SourcePackage;
    versions[source.name] = source.version;
    const staging = await mkdtemp(path.join(os.tmpdir(), `atrium-types-${short}-`));
    try {
      await declarations(path.join(dir, 'dist', 'types', 'packages', short, 'src'), staging);
      const exports: Record<string, { types: string }> = {};
      for (const [subpath, file] of Object.entries(source.exports)) {
        const declaration = `./${path.basename(file).replace(/\.tsx?$/, '.d.ts')}`;
        if (!LEFT_OUT.test(declaration)) exports[subpath] = { types: declaration };
      }
      // What its declarations import: the other shared module (same version) and the libraries' types.
      const dependencies: Record<string, string> = {};
      for (const [dep, range] of Object.entries(source.dependencies ?? {})) {
        if (dep in versions) dependencies[dep] = versions[dep]!;
        else if (dep === 'valibot') dependencies[dep] = range;
      }
      await writeFile(
        path.join(staging, 'package.json'),
        `${JSON.stringify(
          {
            name: source.name,
            version: source.version,
            description: `Type declarations of Atrium's shared module ${source.name}: the page provides the code through its import map`,
            type: 'module',
            types: './index.d.ts',
            exports,
            dependencies,
            ...(short === 'api' ? {} : { peerDependencies: { '@types/react': '>=19' } }),
          },
          null,
          2,
        )}\n`,
      );
      const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', outDir], {
        cwd: staging,
      });
      tarballs.push(path.join(outDir, stdout.trim().split('\n').at(-1)!));
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
  return tarballs;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const index = process.argv.indexOf('--out');
  const out = path.resolve(index > 0 ? process.argv[index + 1]! : path.join(ROOT, 'dist', 'types-packages'));
  packTypes(out).then(
    (tarballs) => {
      for (const tarball of tarballs) console.log(tarball);
    },
    (error: unknown) => {
      console.error(`[types-package] failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
