import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { DistMissingError, NOT_BUILT_PAGE, createDistReader } from '../html/index-template.js';
import { createIndexCache } from '../html/index-cache.js';
import { createNonce, sendHtml, shellCsp, trustedTypesDirectives } from '../html/security-headers.js';
import { isHomePagePath, isLoginPagePath } from '../request-logging.js';
import { importMapOf, preloadsOf } from '@atrium/releases';
import type { DistFiles, ImportMap } from '../html/index-template.js';
import { viewForRequest, widgetsRedirectHook } from '../releases/live.js';
import { readUntilChanged } from '../until-changed.js';
import { findAuth } from '../auth.js';
import { signedInSlots } from '../html/signed-in-page.js';
import { startUpAnswer } from './system.js';
import { PENDING_SIGN_OUT_COOKIE } from './signed-in-login.js';
import type { PageSlots } from '../html/index-cache.js';
import { registerAssetCache } from './asset-cache.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const setImmutable = (reply: FastifyReply): void => {
  reply.header('cache-control', IMMUTABLE);
};

/**
 * Paths that never fall back to index.html: an unknown one is a 404, not the app. That includes anything
 * named like a file (`/favicon.ico`, `x.js`, `x.css`, `x.map`) and unknown paths under the probes: an app
 * page answering 200 there would make a missing file or a mistyped probe look fine.
 */
export function isReservedPath(pathname: string): boolean {
  return (
    /^\/(lapi|assets|static|widgets|uploads|legacy|healthz\/|readyz\/|metrics\/|common\/(?!login(\/|$)))/.test(
      pathname,
    ) ||
    /\.(css|js|mjs|map|ico)$/i.test(pathname) ||
    /^\/common\/login\/.*\.php$/.test(pathname) ||
    /^\/(importmap|build)\.json$/.test(pathname)
  );
}

/**
 * The built front end: hashed assets (immutable), the import map and build stamp (always revalidated),
 * the widgets bundle, /static/, and index.html for every app route with a fresh CSP nonce.
 */
export function frontendRoutes(ctx: ServerContext) {
  const { distDir } = ctx.options;
  return async function register(app: FastifyInstance): Promise<void> {
    app.addHook('onRequest', widgetsRedirectHook(ctx));
    // A published release's files first (docs/releases.md), then the full build's. Names are
    // content-hashed in both, so the same name is the same bytes wherever it is found.
    const assetDirs = [path.join(ctx.options.releasesDir, 'assets'), path.join(distDir, 'assets')];
    // Repeat requests answered from memory with what @fastify/static answered (asset-cache.ts).
    registerAssetCache(app, { prefix: '/assets/', dirs: assetDirs });
    await app.register(fastifyStatic, {
      root: assetDirs,
      prefix: '/assets/',
      // The build writes .br and .gz beside each asset (scripts/precompress.ts): send those as they are.
      preCompressed: true,
      cacheControl: false,
      setHeaders: setImmutable,
      index: false,
    });
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'widgets'),
      prefix: '/widgets/',
      preCompressed: true,
      decorateReply: false,
      cacheControl: false,
      index: false,
      // The entry keeps its name for integrators' script tags, and the manifest (integrations/php) names
      // the current hashed copy of it: both are revalidated. Everything else is content-hashed.
      setHeaders: (reply, filePath) => {
        const name = path.basename(filePath);
        reply.header(
          'cache-control',
          name === 'atrium-widgets.js' || name === 'manifest.json' ? 'no-cache' : IMMUTABLE,
        );
      },
    });
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'static'),
      prefix: '/static/',
      preCompressed: true,
      decorateReply: false,
      cacheControl: false,
      index: false,
      setHeaders: (reply) => {
        reply.header('cache-control', 'public, max-age=3600');
      },
    });

    for (const name of ['importmap.json', 'build.json']) {
      // The build's copy, kept until dist/ changes (until-changed.ts): no file read per request.
      const readBuilt = readUntilChanged(distDir, () => readFile(path.join(distDir, name), 'utf8'));
      app.addHook('onClose', async () => readBuilt.close());
      app.get(`/${name}`, async (request, reply) => {
        // With a release live, both describe the release this person gets (current or canary).
        const known = ctx.releases.peek();
        const release = known ? known.release : await ctx.releases.live();
        if (release) {
          const view = await viewForRequest(release, request, reply, ctx.state);
          const body =
            name === 'importmap.json'
              ? importMapOf(view)
              : { stamp: view.stamp, app_title: 'Atrium', start_page: 'start', release: view.releaseId };
          return reply.header('cache-control', 'no-cache').send(body);
        }
        let text: string;
        try {
          text = readBuilt.peek()?.value ?? (await readBuilt());
        } catch {
          return reply.callNotFound();
        }
        return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(text);
      });
    }
  };
}

function acceptsGzip(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  return header !== undefined && negotiate(header.toLowerCase(), ['gzip']) === 'gzip';
}

/**
 * What the build's server render (dist/shell-frame.mjs) draws: the shell with the packages it renders
 * through, the one area it draws, and React as the page hydrates with it (react-dom/client, the JSX
 * runtime). A page must load these very modules to hydrate that markup.
 */
const SERVER_RENDERED_MODULES = [
  '@atrium/shell',
  '@atrium/ui',
  '@atrium/session',
  '@atrium/api',
  '@atrium/area-home',
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
] as const;

/** The same file, wherever it is served from: the same address, or the same content (its SRI hash). */
function sameModules(built: ImportMap, served: ImportMap, names: readonly string[]): boolean {
  if (built === served) return true;
  return names.every((name) => {
    const [a, b] = [built.imports[name], served.imports[name]];
    if (a === b) return true;
    if (a === undefined || b === undefined) return false;
    const [hashA, hashB] = [built.integrity?.[a], served.integrity?.[b]];
    return hashA !== undefined && hashA === hashB;
  });
}

/** index.html for a shell or login route; the 503 page when there is no build. */
export function createIndexHandler(ctx: ServerContext) {
  const readDist = createDistReader(ctx.options.distDir);
  const compiled = createIndexCache();
  /**
   * The release view this person gets: its key among the compiled pages, and the page's files (the full
   * build's, with the import map, preloads and stamp of that release), made once and only when needed.
   */
  const viewFor = async (
    files: DistFiles,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ key: string; files: () => DistFiles }> => {
    // Known without a wait in the common case (nothing changed since the last load): no microtask turn.
    const known = ctx.releases.peek();
    const release = known ? known.release : await ctx.releases.live();
    if (!release) return { key: '', files: () => files };
    const view = await viewForRequest(release, request, reply, ctx.state);
    let made: DistFiles | null = null;
    return {
      key: `${view.releaseId}:${view.canaries.join(',')}`,
      files: () =>
        (made ??= {
          ...files,
          importMap: importMapOf(view),
          preloads: preloadsOf(view),
          buildStamp: view.stamp,
        }),
    };
  };
  /**
   * A signed-in shell page's own first screen: the start-up answer for the session its cookie
   * names (initialize's, as the boot would get it, legacy session merged) and the screen drawn from it.
   * None on the login page, for nobody signed in, for a restricted user (the boot sends them elsewhere
   * first), behind the proxy (the sessions are the real backend's), or for a build without the renderer;
   * a failure on the way is logged and the page starts as it did before.
   */
  const signedInScreen = async (
    files: DistFiles,
    pageFiles: () => DistFiles,
    request: FastifyRequest,
    nonce: string,
  ): Promise<PageSlots | null> => {
    if (!files.shellFrame || ctx.options.proxy || isLoginPagePath(request.url)) return null;
    // The renderer is the full build's: a release serving another version of what it draws would hydrate
    // markup of another version (React would then throw it away and render afresh).
    if (!sameModules(files.importMap, pageFiles().importMap, SERVER_RENDERED_MODULES)) return null;
    // A sign-out the server never heard of (the api client's pending sign-out): the page must start
    // signed out and finish it, not be drawn for the session the user left.
    if (request.cookies[PENDING_SIGN_OUT_COOKIE] !== undefined) return null;
    try {
      const auth = await findAuth(request, ctx.state);
      if (!auth || auth.user.access_restricted) return null;
      request.atriumUser = auth.user.username;
      const start = await startUpAnswer(ctx, auth);
      const queryAt = request.url.indexOf('?');
      const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
      const search = queryAt < 0 || queryAt === request.url.length - 1 ? '' : request.url.slice(queryAt);
      const frame = files.shellFrame({ start, pathname, search, nonce });
      return signedInSlots(frame, start, nonce);
    } catch (error) {
      // The sessions' store away (Redis), a render that throws: the page the server can always send, whose
      // boot asks for the session itself and shows what it gets.
      request.log.error({ err: error }, 'the signed-in first screen failed; sending the plain page');
      return null;
    }
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const nonce = createNonce();
    // Development keeps import-map-overrides usable (it writes import-map script text, a Trusted Types
    // sink): Trusted Types are then reported, not enforced. Production always enforces them.
    const development = ctx.options.env === 'development';
    try {
      const files = readDist.peek()?.value ?? (await readDist());
      const view = await viewFor(files, request, reply);
      const slots = await signedInScreen(files, view.files, request, nonce);
      const options = {
        env: ctx.options.env,
        login: isLoginPagePath(request.url),
        home: isHomePagePath(request.url),
        signedIn: slots !== null,
        demoNotice: ctx.options.demo && ctx.options.proxy === null,
      };
      const page = compiled(files, view.key, options, view.files);
      // gzip from the page's precompressed parts for every client that takes it (browsers all do), brotli
      // included: compressing per response cost more than all the rest. Others go through @fastify/compress.
      const gzip = acceptsGzip(request);
      if (gzip) reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding');
      return sendHtml(
        reply,
        gzip ? page.gzip(nonce, slots ?? undefined) : page.render(nonce, slots ?? undefined),
        shellCsp(nonce, { trustedTypes: !development }),
        200,
        development ? trustedTypesDirectives().join('; ') : undefined,
      );
    } catch (error) {
      if (error instanceof DistMissingError) return sendHtml(reply, NOT_BUILT_PAGE, shellCsp(nonce), 503);
      throw error;
    }
  };
  /** Stops watching dist/ (the server's close). */
  return Object.assign(handler, { close: () => readDist.close() });
}
