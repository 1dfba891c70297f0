/**
 * `npm run release -- <command>`: the release store on this machine (ATRIUM_RELEASES_DIR, default
 * var/releases), or the one the server instances share when ATRIUM_REDIS_URL is set (files where ATRIUM_ASSETS
 * says: ATRIUM_RELEASES_DIR/assets or an S3 bucket). See docs/releases.md.
 *
 *   init [--dist DIR]                       the first release, from a full build (dist/modules.json)
 *   publish <dir>                           check an app built with `npm run build -- --app` and make it live
 *   list                                    the live version of every module, and canaries
 *   history [app]                           releases, newest first
 *   diff <id> <id>                          modules that differ between two releases
 *   rollback <app> [--to <id>]              one app back to its previous version (or to its version in <id>)
 *   rollback --release <id>                 every module back to release <id>
 *   canary <app> <version|dir> --roles r1,r2 | --percent N
 *   promote <app> | abort <app>
 *   gc --keep N                             delete files none of the N newest releases (live one first) uses
 *   export <file>                           every release and the live id, as one JSON file (a backup)
 *   import <file>                           put a backup's releases back (those missing), and its live id
 *                                           when none is live
 *   pack <build dir> --name <import-map name> [--entry <file>] [--out <dir>] [--version <v>]
 *        [--route <pattern>]... [--label <text>] [--guard public|signed-in|root]
 *                                           a release directory publish accepts, from any System build
 *
 * `--author <name>` (or ATRIUM_RELEASE_AUTHOR) names who does it; default user@host.
 * Add `--server <url>` (with ATRIUM_DEPLOY_TOKEN) to run pack (against that server's live release), publish,
 * rollback, canary, promote, abort, list, history or diff through a running server's HTTP API instead
 * (scripts/release-remote.ts): how CI publishes.
 *
 * Exit codes: 0 done, 1 refused (a check failed, bad arguments), 3 conflict (another release won the race).
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { ReleaseError, createReleaseService, pack, packageOf, releaseStoreFromEnv } from '@atrium/releases';
import type { AppUpload, CanaryAudience, Release, ReleaseService } from '@atrium/releases';
import { appModuleName } from './build';
import { diffLines, historyLines, listLines } from './release-format';
import { createRemote, runRemote } from './release-remote';

/** Reads a build directory (manifest.json + assets/) as an upload; names are checked before any read. */
export async function uploadFromDir(dir: string): Promise<AppUpload> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
  } catch (error) {
    throw new ReleaseError(
      'bad-manifest',
      `${dir} has no readable manifest.json (${(error as Error).message}): build it with npm run build -- --app <name>`,
    );
  }
  return { manifest, readFile: (file) => readFileOrNull(path.join(dir, 'assets', path.basename(file))) };
}

async function readFileOrNull(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch {
    return null;
  }
}

/** Who the release records: `--author`, else ATRIUM_RELEASE_AUTHOR, else user@host. */
export function author(env: NodeJS.ProcessEnv = process.env, flag?: string): string {
  const name = (flag ?? env['ATRIUM_RELEASE_AUTHOR'] ?? '').trim();
  if (flag !== undefined && !name) throw new ReleaseError('bad-arguments', '--author needs a name');
  return name || `${os.userInfo().username}@${os.hostname()}`;
}

function describe(release: Release): string {
  return `${release.id} live: ${release.change.summary}`;
}

function parseAudience(roles: string | undefined, percent: string | undefined): CanaryAudience {
  if ((roles === undefined) === (percent === undefined))
    throw new ReleaseError('bad-arguments', 'canary needs one of --roles r1,r2 or --percent N');
  if (roles !== undefined)
    return {
      roles: roles
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    };
  return { percent: Number(percent) };
}

function need(value: string | undefined, usage: string): string {
  if (!value) throw new ReleaseError('bad-arguments', `usage: npm run release -- ${usage}`);
  return value;
}

async function isDirectory(candidate: string): Promise<boolean> {
  return (await readFileOrNull(path.join(candidate, 'manifest.json'))) !== null;
}

/** The nearest directory at or above `from` holding `file`. */
async function findUp(from: string, file: string): Promise<string | null> {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    if ((await readFileOrNull(path.join(dir, file))) !== null) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

async function versionIn(file: string): Promise<string | undefined> {
  const text = await readFileOrNull(file);
  if (!text) return undefined;
  const json = JSON.parse(text.toString('utf8')) as { version?: unknown };
  return typeof json.version === 'string' ? json.version : undefined;
}

/**
 * The installed version of the package a shared module comes from, in the project a build came from: the
 * version its code was compiled against (publish compares it with the live one).
 */
function installedVersions(projectRoot: string): (dep: string) => Promise<string | undefined> {
  return async (dep) => {
    const pkg = path.join('node_modules', packageOf(dep), 'package.json');
    const at = await findUp(projectRoot, pkg);
    return at ? versionIn(path.join(at, pkg)) : undefined;
  };
}

async function packCommand(
  values: Record<string, string | boolean | string[] | undefined>,
  buildDir: string | undefined,
  liveId: () => Promise<string | null>,
): Promise<string[]> {
  const usage =
    'pack <build dir> --name <import-map name> [--entry <file>] [--out <dir>] [--route <pattern>]... [--label <text>] [--guard public|signed-in|root]';
  const dir = path.resolve(need(buildDir, usage));
  const name = need(values['name'] as string | undefined, usage);
  const root = (await findUp(dir, 'package.json')) ?? dir;
  const packageVersion = await versionIn(path.join(root, 'package.json'));
  const out = values['out']
    ? path.resolve(values['out'] as string)
    : path.join(await mkdtemp(path.join(os.tmpdir(), 'atrium-pack-')), 'release');
  const result = await pack({
    buildDir: dir,
    name,
    outDir: out,
    builtAgainst: installedVersions(root),
    builtOnRelease: await liveId(),
    ...(values['entry'] ? { entry: values['entry'] as string } : {}),
    ...(values['version'] ? { version: values['version'] as string } : {}),
    ...(packageVersion ? { packageVersion } : {}),
    ...(values['route'] ? { routes: values['route'] as string[] } : {}),
    ...(values['label'] !== undefined ? { label: values['label'] as string } : {}),
    ...(values['guard'] !== undefined ? { guard: values['guard'] as string } : {}),
  });
  const mod = result.manifest.module;
  return [
    `packed ${mod.name} ${mod.version} into ${result.dir}`,
    ...result.renamed.map(([from, to]) => `  ${from} -> ${to} (content-hashed name)`),
    ...(mod.css ?? []).map((style) => `  stylesheet ${style.file}`),
    ...(mod.area ? [`  routes ${mod.area.routes.map((r) => `/${r}`).join(', ')} (${mod.area.guard})`] : []),
    ...result.skipped.map((file) => `  left out ${file}`),
    `publish it with: npm run release -- publish ${result.dir}`,
  ];
}

/** Runs one command; returns the lines to print. */
export async function run(
  argv: readonly string[],
  service: ReleaseService,
  distDir: string,
): Promise<string[]> {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      release: { type: 'string' },
      roles: { type: 'string' },
      percent: { type: 'string' },
      keep: { type: 'string' },
      dist: { type: 'string' },
      server: { type: 'string' },
      author: { type: 'string' },
      name: { type: 'string' },
      entry: { type: 'string' },
      out: { type: 'string' },
      version: { type: 'string' },
      route: { type: 'string', multiple: true },
      label: { type: 'string' },
      guard: { type: 'string' },
    },
  });
  const who = author(process.env, values.author);
  const [command, first, second] = positionals;
  if (values.server) {
    const token = process.env['ATRIUM_DEPLOY_TOKEN'];
    if (!token)
      throw new ReleaseError('bad-arguments', '--server needs the deploy token in ATRIUM_DEPLOY_TOKEN');
    if (command === 'pack') {
      // Against the server's live release, so CI in another repository needs no release store here.
      const call = createRemote({ server: values.server, token });
      return packCommand(values, first, async () => {
        const data = (await call('GET', '')) as { live?: { id?: string } | null };
        return data.live?.id ?? null;
      });
    }
    const audience = command === 'canary' ? parseAudience(values.roles, values.percent) : undefined;
    return runRemote(
      createRemote({ server: values.server, token }),
      command,
      {
        ...(first ? { first } : {}),
        ...(second ? { second } : {}),
        ...(values.to ? { to: values.to } : {}),
        ...(values.release ? { release: values.release } : {}),
        ...(audience ? { audience } : {}),
        author: who,
      },
      appModuleName,
    );
  }
  switch (command) {
    case 'pack':
      return packCommand(values, first, async () => (await service.current())?.id ?? null);
    case 'init': {
      const dist = path.resolve(values.dist ?? distDir);
      const modules: unknown = JSON.parse(
        (await readFileOrNull(path.join(dist, 'modules.json')))?.toString('utf8') ?? 'null',
      );
      const release = await service.init(
        modules,
        (file) => readFileOrNull(path.join(dist, 'assets', path.basename(file))),
        who,
      );
      return [describe(release)];
    }
    case 'publish': {
      const release = await service.publish(
        await uploadFromDir(path.resolve(need(first, 'publish <dir>'))),
        who,
      );
      return [describe(release)];
    }
    case 'list': {
      const live = await service.current();
      return listLines(
        live && {
          ...live,
          modules: Object.values(live.modules),
          canaries: Object.entries(live.canaries).map(([name, c]) => ({
            name,
            version: c.module.version,
            audience: c.audience,
          })),
        },
      );
    }
    case 'history':
      return historyLines(await service.history(first ? appModuleName(first) : undefined));
    case 'diff':
      return diffLines(await service.diff(need(first, 'diff <id> <id>'), need(second, 'diff <id> <id>')));
    case 'export': {
      const file = need(first, 'export <file>');
      const backup = await service.exportHistory();
      await writeFile(file, `${JSON.stringify(backup, null, 2)}\n`);
      return [`exported ${backup.releases.length} release(s), ${backup.live ?? 'none'} live, to ${file}`];
    }
    case 'import': {
      const file = need(first, 'import <file>');
      let data: unknown;
      try {
        data = JSON.parse(await readFile(file, 'utf8'));
      } catch (error) {
        throw new ReleaseError(
          'bad-arguments',
          `${file} is not a readable JSON file (${(error as Error).message})`,
        );
      }
      const result = await service.importHistory(data);
      return [`imported ${result.added} release(s); ${result.live ?? 'none'} live`];
    }
    case 'rollback': {
      if (values.release) return [describe(await service.rollbackRelease(values.release, who))];
      const app = appModuleName(need(first, 'rollback <app> [--to <id>] | rollback --release <id>'));
      return [describe(await service.rollbackApp(app, who, values.to))];
    }
    case 'canary': {
      const usage = 'canary <app> <version|dir> --roles r1,r2 | --percent N';
      const app = appModuleName(need(first, usage));
      const which = need(second, usage);
      const candidate = (await isDirectory(which)) ? await uploadFromDir(path.resolve(which)) : which;
      return [
        describe(await service.canary(app, candidate, parseAudience(values.roles, values.percent), who)),
      ];
    }
    case 'promote':
      return [describe(await service.promote(appModuleName(need(first, 'promote <app>')), who))];
    case 'abort':
      return [describe(await service.abort(appModuleName(need(first, 'abort <app>')), who))];
    case 'gc': {
      const removed = await service.gc(Number(need(values.keep, 'gc --keep N')));
      return [
        `removed ${removed.length} file${removed.length === 1 ? '' : 's'}`,
        ...removed.map((f) => `  ${f}`),
      ];
    }
    default:
      throw new ReleaseError(
        'bad-arguments',
        `unknown command ${command ?? '(none)'}: init, pack, publish, list, history, diff, rollback, canary, promote, abort, gc, export, import`,
      );
  }
}

async function main(): Promise<void> {
  const opened = releaseStoreFromEnv();
  const service = createReleaseService({ store: opened.store });
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
  const distDir = process.env['ATRIUM_DIST_DIR'] || path.join(root, 'dist');
  try {
    for (const line of await run(process.argv.slice(2), service, distDir)) console.log(line);
  } catch (error) {
    if (error instanceof ReleaseError) {
      console.error(`[release] refused (${error.code}): ${error.message}`);
      if (error.code !== 'conflict') console.error('[release] the live release is unchanged');
      process.exitCode = error.code === 'conflict' ? 3 : 1;
      return;
    }
    throw error;
  } finally {
    opened.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(`[release] failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
