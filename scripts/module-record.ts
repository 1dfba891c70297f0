/**
 * What a release needs to know about one built System module (packages/releases, ReleaseModule): its
 * files with SRI hashes, its kind, its version, the shared modules and versions it was compiled against,
 * its size, and the git commit it was built from. The full build writes one per module to dist/modules.json (the first release is made from
 * it); `npm run build -- --app <name>` writes one into the app's manifest.json.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Stats } from 'webpack';
import type { ModuleKind, ReleaseFile, ReleaseModule } from '@atrium/releases';
import type { MapEntry } from '../webpack.config';

/** The npm package (or workspace folder) a module's version comes from. */
export function packageDirOf(rootDir: string, name: string): string {
  const require = createRequire(path.join(rootDir, 'package.json'));
  const vendor = /^(@[^/]+\/[^/]+|[^@/][^/]*)/.exec(name)?.[1] ?? name;
  if (!name.startsWith('@atrium/')) return path.dirname(require.resolve(`${vendor}/package.json`));
  const short = name.slice('@atrium/'.length);
  if (short === 'root-config') return path.join(rootDir, 'root-config');
  if (short.startsWith('area-')) return path.join(rootDir, 'packages', 'areas');
  return path.join(rootDir, 'packages', short);
}

export function packageVersion(rootDir: string, name: string): string {
  const json = JSON.parse(readFileSync(path.join(packageDirOf(rootDir, name), 'package.json'), 'utf8')) as {
    version?: unknown;
  };
  return typeof json.version === 'string' ? json.version : '0.0.0';
}

const commits = new Map<string, string | null>();

/**
 * The commit checked out in `rootDir`, so a release can say which source it serves (`release history`);
 * null outside a git checkout or without git. Asked once per build.
 */
export function gitCommit(rootDir: string): string | null {
  if (!commits.has(rootDir)) {
    let commit: string | null = null;
    try {
      const out = execFileSync('git', ['rev-parse', '--verify', 'HEAD'], {
        cwd: rootDir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
      commit = /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(out) ? out : null;
    } catch {
      commit = null; // not a checkout (a source tarball), or no git: the manifest just has no commit
    }
    commits.set(rootDir, commit);
  }
  return commits.get(rootDir) ?? null;
}

export function moduleKind(entry: MapEntry): ModuleKind {
  if (entry.kind !== 'app') return entry.kind;
  if (entry.name === '@atrium/root-config') return 'root-config';
  return entry.name.startsWith('@atrium/area-') ? 'area' : 'application';
}

export interface RecordInput {
  entry: MapEntry;
  stats: Stats;
  rootDir: string;
  assetsDir: string;
  publicPath: string;
  deps: string[];
  file: string;
  integrity: string;
  chunks: ReleaseModule['chunks'];
  sri: (content: Buffer) => string;
  /** Overrides the default `<package version>+<content hash>`. */
  version?: string;
  /** Overrides the kind the map entry implies (the widgets bundle is no map entry). */
  kind?: ModuleKind;
}

/** The ReleaseModule for one compilation of the build. */
export function moduleRecord(input: RecordInput): ReleaseModule {
  const { entry, stats, rootDir, assetsDir } = input;
  const files: ReleaseFile[] = [];
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of Object.keys(stats.compilation.assets).sort()) {
    const content = readFileSync(path.join(assetsDir, file));
    files.push({ file, integrity: input.sri(content), bytes: content.length });
    if (file.endsWith('.js')) {
      bytes += content.length;
      gzipBytes += gzipSync(content, { level: 9 }).length;
    }
  }
  const hash = /\.([0-9a-f]{8,})\.js$/.exec(input.file)?.[1]?.slice(0, 12);
  const builtAgainst: Record<string, string> = {};
  for (const dep of input.deps) builtAgainst[dep] = packageVersion(rootDir, dep);
  const commit = gitCommit(rootDir);
  return {
    name: entry.name,
    kind: input.kind ?? moduleKind(entry),
    version: input.version ?? `${packageVersion(rootDir, entry.name)}${hash ? `+${hash}` : ''}`,
    file: input.file,
    url: `${input.publicPath}${input.file}`,
    integrity: input.integrity,
    deps: input.deps,
    chunks: input.chunks,
    files,
    builtAgainst,
    size: { bytes, gzipBytes },
    ...(commit ? { commit } : {}),
  };
}
