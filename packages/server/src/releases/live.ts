/**
 * The server's side of releases (docs/releases.md): which release is live, read again whenever the release
 * directory changes (a small pointer file; releases themselves never change, so they are cached by id), and
 * which view of it a person gets (current or canary, sticky per person).
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  createFileReleaseStore,
  createReleaseService,
  viewFor,
  widgetsOf,
  type AssetStore,
  type Release,
  type ReleaseService,
  type ReleaseStore,
  type ReleaseView,
  type Viewer,
} from '@atrium/releases';
import { findAuth } from '../auth.js';
import { readUntilChanged } from '../until-changed.js';
import { WIDGETS_SCRIPT } from '../html/page.js';
import { widgetsLoaderTag } from '../html/widgets-loader.js';
import type { ServerContext } from '../context.js';
import type { AppState } from '../state/index.js';

export interface LiveReleases {
  store: ReleaseStore;
  service: ReleaseService;
  /** The live release, or null when none was ever published: the server then serves dist/ as built. */
  live(): Promise<Release | null>;
  /**
   * What live() would answer, at once, when this instance already knows it without asking anyone (the
   * directory has not changed since the pointer was read); else undefined, and live() asks.
   */
  peek(): { release: Release | null } | undefined;
  /** Stops watching for changes (the shared store's timer and subscription). */
  close(): Promise<void>;
}

export function createLiveReleases(dir: string, assets: AssetStore): LiveReleases {
  const store = createFileReleaseStore(dir, { assets });
  const byId = new Map<string, Release>();
  // Read again when the directory changes, so a release published by another process (the CLI) is on the
  // next page load, without a file read per page load.
  const currentId = readUntilChanged(dir, () => store.currentId());
  return {
    store,
    service: createReleaseService({ store }),
    async live() {
      const id = await currentId();
      if (!id) return null;
      let release = byId.get(id);
      if (!release) {
        release = (await store.get(id)) ?? undefined;
        if (release) byId.set(id, release);
      }
      return release ?? null;
    },
    peek() {
      const id = currentId.peek();
      if (!id) return undefined;
      if (id.value === null) return { release: null };
      const release = byId.get(id.value);
      return release ? { release } : undefined;
    },
    close: async () => currentId.close(),
  };
}

/** A random key for people not signed in, so a percentage canary stays with them across page loads. */
export const BUCKET_COOKIE = 'atrium_bucket';
/** Apps whose canary a root user chose to try (the Releases panel); ignored for everyone else. */
export const TRY_CANARY_COOKIE = 'atrium_try_canary';

export async function viewerOf(request: FastifyRequest, state: AppState): Promise<Viewer> {
  // The page still loads when the shared session store is away: as for someone not signed in.
  const auth = await findAuth(request, state).catch(() => null);
  const person = auth?.realUser;
  const roles = person ? [...(person.is_root ? ['root'] : []), ...(person.is_hq ? ['hq'] : [])] : [];
  const tried = request.cookies[TRY_CANARY_COOKIE];
  return {
    key: person ? `user:${person.username}` : (request.cookies[BUCKET_COOKIE] ?? null),
    roles,
    ...(person?.is_root && tried ? { tryCanaries: tried.split(',').filter(Boolean) } : {}),
  };
}

/**
 * The view of the live release this request gets. When a percentage canary runs and the person has no key
 * yet, one is set, so the next load lands in the same bucket.
 */
export async function viewForRequest(
  release: Release,
  request: FastifyRequest,
  reply: FastifyReply,
  state: AppState,
): Promise<ReleaseView> {
  let viewer = await viewerOf(request, state);
  const needsKey = Object.values(release.canaries).some((canary) => 'percent' in canary.audience);
  if (viewer.key === null && needsKey) {
    const key = randomBytes(12).toString('base64url');
    reply.setCookie(BUCKET_COOKIE, key, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: request.protocol === 'https',
      maxAge: 180 * 24 * 3600,
    });
    viewer = { ...viewer, key };
  }
  return viewFor(release, viewer);
}

/**
 * Legacy pages follow the release too: when it holds a widgets bundle, their loader names its hashed URL
 * with its integrity (instead of the full build's /widgets/atrium-widgets.js).
 */
export function releaseWidgetsHook(ctx: ServerContext) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (typeof payload !== 'string' || !payload.includes(WIDGETS_SCRIPT)) return payload;
    const release = await ctx.releases.live();
    const widgets = release ? widgetsOf(await viewForRequest(release, request, reply, ctx.state)) : null;
    if (!widgets) return payload;
    return payload.replace(WIDGETS_SCRIPT, widgetsLoaderTag(widgets.url, widgets.integrity));
  };
}

/**
 * Integrators' pages keep one fixed tag, /widgets/atrium-widgets.js: with a widgets release live, that
 * address redirects (never cached) to the release's entry, whose chunks load relative to it. And the PHP
 * helper's /widgets/manifest.json follows the release the same way: the build's manifest (its loaders and
 * their hashes are the server's) with the release's entry as `url` and its `integrity`, so helper pages
 * take a widgets release (and its rollback) within their cache's time instead of keeping the build's.
 */
export function widgetsRedirectHook(ctx: ServerContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname !== '/widgets/atrium-widgets.js' && pathname !== '/widgets/manifest.json') return;
    const release = await ctx.releases.live();
    const widgets = release ? widgetsOf(await viewForRequest(release, request, reply, ctx.state)) : null;
    if (!widgets) return;
    if (pathname === '/widgets/atrium-widgets.js') {
      await reply.header('cache-control', 'no-cache').redirect(widgets.url, 302);
      return;
    }
    let built: Record<string, unknown>;
    try {
      built = JSON.parse(
        await readFile(path.join(ctx.options.distDir, 'widgets', 'manifest.json'), 'utf8'),
      ) as Record<string, unknown>;
    } catch {
      return; // no build manifest to take the loaders from: the static answer (a 404) stands
    }
    await reply
      .header('cache-control', 'no-cache')
      .type('application/json; charset=utf-8')
      .send({ ...built, version: widgets.version, url: widgets.url, integrity: widgets.integrity });
  };
}
