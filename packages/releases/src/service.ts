/**
 * The release operations, shared by the CLI (scripts/release.ts) and the server's HTTP API. Each one reads
 * the live release, runs every check, stores the files it needs and only then commits a new release with a
 * compare-and-swap on the live id: a check that fails or a race that is lost changes nothing.
 */
import { gzipSync } from 'node:zlib';
import {
  checkFiles,
  checkImmutable,
  checkShared,
  checkSize,
  checkSystemModule,
  checkUrls,
  checkWidgetsModule,
  parseManifest,
} from './checks.js';
import { checkAreaRoutes } from './area-routes.js';
import { ReleaseError } from './errors.js';
import { checkPublishName } from './names.js';
import { readSystemModule } from './system-module.js';
import { diffReleases, filesOf, nextReleaseId, nextStamp } from './model.js';
import type { ModuleDiff } from './model.js';
import { backupOf, parseBackup, type ReleaseBackup } from './backup.js';
import type { ReleaseStore, RestoreResult } from './store.js';
import type {
  CanaryAudience,
  ModuleKind,
  Release,
  ReleaseChange,
  ReleaseModule,
  ReleaseSummary,
} from './types.js';

/** A built app handed to publish: its manifest and a way to read the files it lists. */
export interface AppUpload {
  manifest: unknown;
  readFile: (file: string) => Promise<Buffer | null>;
}

export interface ReleaseServiceOptions {
  store: ReleaseStore;
  now?: () => Date;
  budgets?: Record<ModuleKind, number>;
}

/** Kinds a team can ship alone; vendor modules (React, single-spa) move with a full build only. */
const PUBLISHABLE: readonly ModuleKind[] = ['shared', 'root-config', 'application', 'area', 'widgets'];

export function createReleaseService(options: ReleaseServiceOptions) {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const exportCache = new Map<string, readonly string[] | undefined>();

  async function current(): Promise<Release | null> {
    const id = await store.currentId();
    return id ? store.get(id) : null;
  }

  async function requireCurrent(): Promise<Release> {
    const live = await current();
    if (!live)
      throw new ReleaseError(
        'no-release',
        `no release is live yet (${store.description}): publish once, or run npm run release -- init`,
      );
    return live;
  }

  /** The live release and its ancestors, newest first: the history (a crashed publish's orphan is not in it). */
  async function* chain(): AsyncGenerator<Release> {
    let id = await store.currentId();
    while (id) {
      const release = await store.get(id);
      if (!release) return;
      yield release;
      id = release.parent;
    }
  }

  async function requireRelease(id: string): Promise<Release> {
    const release = await store.get(id);
    if (!release) throw new ReleaseError('not-found', `there is no release ${id}`);
    return release;
  }

  /** The export names of a live module, read from its published file (cached by integrity). */
  async function exportsOf(mod: ReleaseModule | undefined): Promise<readonly string[] | undefined> {
    if (!mod) return undefined;
    if (!exportCache.has(mod.integrity)) {
      const data = await store.assets.read(mod.file);
      let names: readonly string[] | undefined;
      if (data) {
        try {
          const info = readSystemModule(data.toString('utf8'));
          // Only a complete reading can say which names a new version must keep.
          names = info.unread.length === 0 ? Object.keys(info.exports) : undefined;
        } catch {
          names = undefined;
        }
      }
      exportCache.set(mod.integrity, names);
    }
    return exportCache.get(mod.integrity);
  }

  /** Every check, in order; the verified bytes on success. Writes nothing. */
  async function checkModule(mod: ReleaseModule, read: AppUpload['readFile'], live: Release | null) {
    if (!PUBLISHABLE.includes(mod.kind))
      throw new ReleaseError(
        'not-publishable',
        `${mod.name} is a ${mod.kind} module: it ships with a full build only`,
      );
    checkPublishName(mod, live);
    checkUrls(mod, store.assets.urlOf?.bind(store.assets));
    const contents = await checkFiles(mod, read);
    // Sizes from the verified bytes, not from what the manifest claims.
    let gzipBytes = 0;
    for (const [file, data] of contents)
      if (file.endsWith('.js')) gzipBytes += gzipSync(data, { level: 9 }).length;
    checkSize({ ...mod, size: { bytes: mod.size.bytes, gzipBytes } }, options.budgets);
    checkShared(mod, live);
    checkAreaRoutes(mod, live);
    if (mod.kind === 'widgets') {
      checkWidgetsModule(mod, contents.get(mod.file)!.toString('utf8'));
      return { ...mod, size: { bytes: mod.size.bytes, gzipBytes } };
    }
    const liveSelf = mod.kind === 'shared' ? await exportsOf(live?.modules[mod.name]) : undefined;
    await checkSystemModule(mod, contents.get(mod.file)!.toString('utf8'), liveSelf);
    return { ...mod, size: { bytes: mod.size.bytes, gzipBytes } };
  }

  async function commit(
    parent: Release | null,
    author: string,
    change: ReleaseChange,
    modules: Record<string, ReleaseModule>,
    canaries: Release['canaries'],
    baseChanged: boolean,
  ): Promise<Release> {
    // After every id ever written (a crash can leave a release file that never went live).
    const release: Release = {
      id: nextReleaseId((await store.ids()).at(-1) ?? null),
      parent: parent?.id ?? null,
      createdAt: now().toISOString(),
      stamp: baseChanged || !parent ? nextStamp(now(), parent) : parent.stamp,
      author,
      change,
      modules,
      canaries,
    };
    await store.commit(release, parent?.id ?? null);
    return release;
  }

  /** The module as the release holds it: its URLs where the asset store serves its files. */
  function servedFrom(mod: ReleaseModule): ReleaseModule {
    const urlOf = store.assets.urlOf?.bind(store.assets);
    if (!urlOf) return mod;
    const chunks = Object.fromEntries(
      Object.entries(mod.chunks).map(([name, chunk]) => [name, { ...chunk, url: urlOf(chunk.file) }]),
    );
    // Integrity is that of the verified bytes: unchanged wherever they are served from.
    const css = mod.css?.map((style) => ({ ...style, url: urlOf(style.file) }));
    return { ...mod, url: urlOf(mod.file), chunks, ...(css ? { css } : {}) };
  }

  /** Checks an upload and stores its files; the checked module (nothing goes live here). */
  async function accept(upload: AppUpload, live: Release | null): Promise<ReleaseModule> {
    const manifest = parseManifest(upload.manifest);
    const mod = await checkModule(manifest.module, upload.readFile, live);
    // Only verified bytes go in, and only once every check has passed.
    const contents = await checkFiles(mod, upload.readFile);
    const fresh = await checkImmutable(mod, contents, (file) => store.assets.read(file));
    for (const [file, data] of fresh) await store.assets.put(file, data);
    return servedFrom(mod);
  }

  /**
   * The widgets back to the full build's (the bundle every server has in dist/widgets, which legacy pages
   * get when the live release holds no widgets module): the module leaves the release.
   */
  function toBuiltWidgets(live: Release, liveMod: ReleaseModule, author: string, source: string) {
    const { [liveMod.name]: _gone, ...modules } = live.modules;
    const canaries = { ...live.canaries };
    delete canaries[liveMod.name];
    return store.lock(() =>
      commit(
        live,
        author,
        {
          kind: 'rollback',
          app: liveMod.name,
          from: liveMod.version,
          toRelease: source,
          summary: `${liveMod.name} ${liveMod.version} -> the full build's (as in ${source})`,
        },
        modules,
        canaries,
        true,
      ),
    );
  }

  /** Files still in the assets store for a module a rollback would serve again. */
  async function requirePresent(mod: ReleaseModule): Promise<void> {
    await checkFiles(mod, (file) => store.assets.read(file));
  }

  return {
    current,

    /** The first release, from a full build's modules (dist/modules.json and dist/assets). */
    async init(modules: unknown, readFile: AppUpload['readFile'], author: string): Promise<Release> {
      const live = await current();
      if (live)
        throw new ReleaseError('unchanged', `release ${live.id} is already live; init makes the first one`);
      if (!Array.isArray(modules) || modules.length === 0)
        throw new ReleaseError(
          'bad-manifest',
          'the build lists no modules (dist/modules.json): run npm run build',
        );
      return store.lock(async () => {
        const byName: Record<string, ReleaseModule> = {};
        for (const raw of modules) {
          const mod = parseManifest({
            manifestVersion: 1,
            module: raw,
            builtAt: '',
            builtOnRelease: null,
          }).module;
          const contents = await checkFiles(mod, readFile);
          for (const [file, data] of contents) await store.assets.put(file, data);
          byName[mod.name] = servedFrom(mod);
        }
        const built = Object.values(byName).find((mod) => mod.commit)?.commit;
        return commit(
          null,
          author,
          {
            kind: 'baseline',
            ...(built ? { commit: built } : {}),
            summary: `full build: ${Object.keys(byName).length} modules`,
          },
          byName,
          {},
          true,
        );
      });
    },

    async publish(upload: AppUpload, author: string): Promise<Release> {
      const live = await requireCurrent();
      // Under the publish lock from storing the files to going live, so gc never takes them in between.
      return store.lock(async () => {
        const mod = await accept(upload, live);
        const previous = live.modules[mod.name];
        if (previous?.integrity === mod.integrity)
          throw new ReleaseError('unchanged', `${mod.name} ${mod.version} is already live in ${live.id}`);
        const canaries = { ...live.canaries };
        delete canaries[mod.name]; // a direct publish replaces any candidate on trial
        return commit(
          live,
          author,
          {
            kind: 'publish',
            app: mod.name,
            version: mod.version,
            ...(previous ? { from: previous.version } : {}),
            ...(mod.commit ? { commit: mod.commit } : {}),
            summary: `${mod.name} ${previous?.version ?? '(new)'} -> ${mod.version}`,
          },
          { ...live.modules, [mod.name]: mod },
          canaries,
          true,
        );
      });
    },

    /** One app back to the version before its live one, or to its version in release `to`. */
    async rollbackApp(app: string, author: string, to?: string): Promise<Release> {
      const live = await requireCurrent();
      const liveMod = live.modules[app];
      let target: ReleaseModule | undefined;
      let source: string | undefined;
      if (to) {
        target = (await requireRelease(to)).modules[app];
        source = to;
        if (!target && liveMod?.kind === 'widgets') return toBuiltWidgets(live, liveMod, author, to);
        if (!target) throw new ReleaseError('not-found', `release ${to} has no module ${app}`);
      }
      // Legacy pages on the full build's widgets (no module in the live release) can get a published
      // bundle back, by naming its release; nothing else may come back from absent.
      if (!liveMod && target?.kind !== 'widgets')
        throw new ReleaseError('not-found', `release ${live.id} has no module ${app}`);
      const liveVersion = liveMod?.version ?? "the full build's";
      if (liveMod && !to) {
        for await (const release of chain()) {
          const mod = release.modules[app];
          // Before the first widgets publish, legacy pages had the full build's bundle (a release without
          // the module): that is the version before, and a release without the module gives it back.
          if (!mod && liveMod.kind === 'widgets') return toBuiltWidgets(live, liveMod, author, release.id);
          if (mod && mod.integrity !== liveMod.integrity) {
            target = mod;
            source = release.id;
            break;
          }
        }
      }
      if (!target) throw new ReleaseError('not-found', `no earlier version of ${app} to roll back to`);
      if (target.integrity === liveMod?.integrity)
        throw new ReleaseError('unchanged', `${app} ${target.version} is already live`);
      const chosen = target;
      checkShared(chosen, live);
      const canaries = { ...live.canaries };
      delete canaries[app];
      // From finding its files present to going live under the publish lock: gc cannot take them between.
      return store.lock(async () => {
        await requirePresent(chosen);
        return commit(
          live,
          author,
          {
            kind: 'rollback',
            app,
            version: chosen.version,
            from: liveVersion,
            ...(source ? { toRelease: source } : {}),
            ...(chosen.commit ? { commit: chosen.commit } : {}),
            summary: `${app} ${liveVersion} -> ${chosen.version} (as in ${source})`,
          },
          { ...live.modules, [app]: chosen },
          canaries,
          true,
        );
      });
    },

    /** The whole platform back to an earlier release's modules (canaries end). */
    async rollbackRelease(id: string, author: string): Promise<Release> {
      const live = await requireCurrent();
      const target = await requireRelease(id);
      if (id === live.id) throw new ReleaseError('unchanged', `${id} is the live release`);
      const same = (a: ReleaseModule | undefined, b: ReleaseModule | undefined) =>
        a?.integrity === b?.integrity;
      const names = new Set([...Object.keys(live.modules), ...Object.keys(target.modules)]);
      if (
        Object.keys(live.canaries).length === 0 &&
        [...names].every((n) => same(live.modules[n], target.modules[n]))
      )
        throw new ReleaseError(
          'unchanged',
          `every module of ${live.id} is already as in ${id} (and no canary runs): nothing to roll back`,
        );
      return store.lock(async () => {
        for (const mod of Object.values(target.modules)) await requirePresent(mod);
        return commit(
          live,
          author,
          { kind: 'rollback-release', toRelease: id, summary: `every module as in ${id}` },
          { ...target.modules },
          {},
          true,
        );
      });
    },

    /** A candidate for some users: a new upload, or a version of the app an earlier release held. */
    async canary(
      app: string,
      candidate: AppUpload | string,
      audience: CanaryAudience,
      author: string,
    ): Promise<Release> {
      validateAudience(audience);
      const live = await requireCurrent();
      const liveMod = live.modules[app];
      if (!liveMod) throw new ReleaseError('not-found', `release ${live.id} has no module ${app}`);
      const offer = (mod: ReleaseModule): Promise<Release> => {
        if (mod.name !== app)
          throw new ReleaseError('bad-arguments', `that build is ${mod.name}, not ${app}`);
        if (mod.integrity === liveMod.integrity)
          throw new ReleaseError('unchanged', `${app} ${mod.version} is already live: nothing to try`);
        const stamp = nextStamp(now(), live);
        const who =
          'roles' in audience ? `roles ${audience.roles.join(', ')}` : `${audience.percent}% of users`;
        return commit(
          live,
          author,
          {
            kind: 'canary',
            app,
            version: mod.version,
            from: liveMod.version,
            ...(mod.commit ? { commit: mod.commit } : {}),
            summary: `canary ${app} ${mod.version} for ${who}`,
          },
          live.modules,
          {
            ...live.canaries,
            [app]: { module: mod, audience, startedAt: now().toISOString(), author, stamp },
          },
          false,
        );
      };
      if (typeof candidate !== 'string')
        // Stored and committed under the publish lock, as a publish: gc never takes the files between.
        return store.lock(async () => offer(await accept(candidate, live)));
      let mod: ReleaseModule | undefined;
      for await (const release of chain()) {
        mod = [release.modules[app], release.canaries[app]?.module].find((m) => m?.version === candidate);
        if (mod) break;
      }
      if (!mod)
        throw new ReleaseError(
          'not-found',
          `no release holds ${app} ${candidate}: give the build directory instead`,
        );
      const chosen = mod;
      checkShared(chosen, live);
      return store.lock(async () => {
        await requirePresent(chosen);
        return offer(chosen);
      });
    },

    async promote(app: string, author: string): Promise<Release> {
      const live = await requireCurrent();
      const canary = live.canaries[app];
      if (!canary) throw new ReleaseError('not-found', `${app} has no canary to promote`);
      const canaries = { ...live.canaries };
      delete canaries[app];
      const from = live.modules[app]?.version;
      return commit(
        live,
        author,
        {
          kind: 'promote',
          app,
          version: canary.module.version,
          ...(from ? { from } : {}),
          ...(canary.module.commit ? { commit: canary.module.commit } : {}),
          summary: `${app} ${from ?? '(new)'} -> ${canary.module.version} (canary promoted)`,
        },
        { ...live.modules, [app]: canary.module },
        canaries,
        true,
      );
    },

    async abort(app: string, author: string): Promise<Release> {
      const live = await requireCurrent();
      const canary = live.canaries[app];
      if (!canary) throw new ReleaseError('not-found', `${app} has no canary to abort`);
      const canaries = { ...live.canaries };
      delete canaries[app];
      return commit(
        live,
        author,
        {
          kind: 'abort',
          app,
          version: canary.module.version,
          summary: `canary ${app} ${canary.module.version} ended`,
        },
        live.modules,
        canaries,
        false,
      );
    },

    /** Releases newest first, optionally only those that changed `app`. */
    async history(app?: string, limit = Infinity): Promise<ReleaseSummary[]> {
      const out: ReleaseSummary[] = [];
      for await (const release of chain()) {
        if (out.length >= limit) break;
        if (
          app &&
          release.change.app !== app &&
          release.change.kind !== 'baseline' &&
          release.change.kind !== 'rollback-release'
        )
          continue;
        out.push({
          id: release.id,
          createdAt: release.createdAt,
          author: release.author,
          change: release.change,
        });
      }
      return out;
    },

    async diff(a: string, b: string): Promise<ModuleDiff[]> {
      return diffReleases(await requireRelease(a), await requireRelease(b));
    },

    /**
     * Deletes asset files that none of the `keep` newest releases (the live one first) uses, so any of those
     * can still be rolled back to. Returns the files removed.
     */
    async gc(keep: number): Promise<string[]> {
      if (!Number.isInteger(keep) || keep < 1)
        throw new ReleaseError('bad-arguments', '--keep must be a whole number of at least 1');
      // Under the publish lock: a publish stores its files before it goes live, and gc must not take
      // them in between (nor decide from a history that is about to change).
      return store.lock(async () => {
        const needed = new Set<string>();
        let kept = 0;
        for await (const release of chain()) {
          if (kept++ >= keep) break;
          for (const file of filesOf(release)) needed.add(file);
        }
        const removed: string[] = [];
        for (const file of await store.assets.list()) {
          if (needed.has(file)) continue;
          await store.assets.remove(file);
          removed.push(file);
        }
        return removed;
      });
    },

    /** Every release the store holds and the live id: `npm run release -- export <file>`. */
    async exportHistory(): Promise<ReleaseBackup> {
      const releases: Release[] = [];
      for (const id of await store.ids()) {
        const release = await store.get(id);
        if (release) releases.push(release);
      }
      return backupOf(releases, await store.currentId(), now());
    },

    /**
     * Restores a backup: the releases the store lacks are added, and its live release goes live when none
     * is. A backup that does not fit (another installation's release under a held id) changes nothing.
     */
    async importHistory(data: unknown): Promise<RestoreResult> {
      const backup = parseBackup(data);
      return store.restore(backup.releases, backup.live);
    },
  };
}

export type ReleaseService = ReturnType<typeof createReleaseService>;

/** The roles the server knows a viewer by (is_root, is_hq). */
export const CANARY_ROLES = ['root', 'hq'] as const;

function validateAudience(audience: CanaryAudience): void {
  if ('roles' in audience) {
    const unknown = audience.roles.filter((role) => !(CANARY_ROLES as readonly string[]).includes(role));
    if (audience.roles.length === 0 || unknown.length > 0)
      throw new ReleaseError(
        'bad-arguments',
        `--roles takes ${CANARY_ROLES.join(', ')}${unknown.length ? `, not ${unknown.join(', ')}` : ''}`,
      );
  } else if (!Number.isInteger(audience.percent) || audience.percent < 1 || audience.percent > 99) {
    throw new ReleaseError('bad-arguments', '--percent must be a whole number from 1 to 99');
  }
}
