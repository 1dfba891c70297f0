import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyCompress from '@fastify/compress';
import type { ServerContext } from './context.js';
import { HttpError, errorBody } from './errors.js';
import { resolveOptions, type ServerOptions } from './options.js';
import { httpOptions } from './http-options.js';
import { registerConnectionLimits } from './connection-limits.js';
import { registerJsonDepthLimit } from './json-depth.js';
import { checkCsrf } from './security/csrf.js';
import { embedCors } from './security/embed-cors.js';
import { addHsts, servesHttpsOnly } from './security/public-origin.js';
import { registerResponseHeaders } from './security/response-headers.js';
import { createState } from './state/index.js';
import { createStorage } from './storage/index.js';
import { LOG_REDACT, registerRequestLines, registerRequestLogging, requestIdOf } from './request-logging.js';
import { registerMetrics } from './service/metrics.js';
import { registerProbes } from './service/probes.js';
import { watchLiveRelease } from './service/live-log.js';
import { loginRoutes } from './routes/login.js';
import { ssoRoutes } from './routes/sso.js';
import { sessionRoutes } from './routes/session.js';
import { noticeFeedRoutes } from './routes/notice-feed.js';
import { systemRoutes } from './routes/system.js';
import { schoolRoutes } from './routes/schools.js';
import { devRoutes } from './routes/dev.js';
import { supportRoutes } from './routes/support.js';
import { telescopeRoutes } from './routes/telescope.js';
import { frontendRoutes, createIndexHandler, isReservedPath } from './routes/frontend.js';
import { proxyRoutes } from './routes/proxy.js';
import { legacyRoutes } from './legacy/routes.js';
import { createAssetStore, createDurableHistory, describeAssets } from '@atrium/releases';
import { createLiveReleases } from './releases/live.js';
import { createSharedLiveReleases } from './releases/shared-live.js';
import { connectRedis } from './state/redis-connection.js';
import { releaseRoutes } from './releases/routes.js';
import { redirectSignedInFromLogin } from './routes/signed-in-login.js';

/** JSON bodies of the API are small; anything bigger is a mistake or an attack (uploads stream separately). */
const BODY_LIMIT = 64 * 1024;

export type AtriumServer = FastifyInstance & { atrium: ServerContext };

/**
 * The reference backend: demo data for every call of SPEC section 7 (or a proxy to a real backend), the
 * built front end, and the legacy demo pages. State lives in memory and is fresh per instance, unless
 * ATRIUM_REDIS_URL names a Redis that several instances share (docs/deploy.md, "Several instances").
 */
export async function createServer(input: ServerOptions = {}): Promise<AtriumServer> {
  const options = resolveOptions(input);
  if (options.storage === 'local') await mkdir(options.dataDir, { recursive: true });
  // /assets/ serves published files from here as soon as a release exists, without a restart.
  await mkdir(path.join(options.releasesDir, 'assets'), { recursive: true });
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { redact: LOG_REDACT, ...(typeof options.logger === 'object' ? options.logger : {}) },
    // Fastify's own two lines per request are off: registerRequestLines writes one, without secrets.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    // A request that arrives on a kept-alive connection while the server closes is still answered (the
    // front door may have sent it before it saw the close); /readyz says 503 from the first moment.
    return503OnClosing: false,
    bodyLimit: BODY_LIMIT,
    trustProxy: options.trustProxy,
    ...httpOptions(options.timeouts),
  });
  // Several instances share sessions, the request log, the login limit and the releases through Redis. An
  // unreachable Redis does not stop the start: the connection retries and says so in the log.
  const redis = options.redisUrl
    ? connectRedis(options.redisUrl, {
        info: (message) => app.log.info(message),
        warn: (message) => app.log.warn(message),
      })
    : null;
  const assets = createAssetStore(options.assets, options.releasesDir);
  const ctx: ServerContext = {
    options,
    state: await createState(
      options.now,
      {
        idleMs: options.sessionIdleMs,
        maxMs: options.sessionMaxMs,
        perAccount: options.sessionsPerAccount,
      },
      redis?.client ?? null,
    ),
    storage: await createStorage(options),
    releases: redis
      ? await createSharedLiveReleases({
          dir: options.releasesDir,
          assets,
          assetsDescription: describeAssets(options.assets, options.releasesDir),
          history: createDurableHistory(options.assets, options.releasesDir),
          redis,
          pollMs: options.releasePollMs,
          log: app.log,
        })
      : createLiveReleases(options.releasesDir, assets),
    redis,
  };
  app.decorate('atrium', ctx);
  registerConnectionLimits(app);
  app.addHook('onClose', async () => {
    await ctx.releases.close();
    await redis?.close();
  });

  // Errors: one JSON shape, the status the error carries, and no stack traces or internals to clients
  // (a 503 of ours says what is unavailable, so people know to try again rather than report a bug).
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) request.log.error(error);
    const code =
      error instanceof HttpError
        ? error.code
        : status === 413
          ? 'too-large'
          : status === 415
            ? 'unsupported-media-type'
            : status === 429
              ? 'rate-limited'
              : status < 500
                ? 'invalid-request'
                : 'internal';
    const message =
      status === 413 && !(error instanceof HttpError)
        ? 'The request body is too large.'
        : status >= 500 && !(status === 503 && error instanceof HttpError)
          ? 'Something went wrong on the server.'
          : error.message;
    return reply.code(status).send(errorBody(code, message));
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? request.url;
    if ((request.method === 'GET' || request.method === 'HEAD') && !isReservedPath(pathname)) {
      return indexHandler(request, reply);
    }
    return reply.code(404).send(errorBody('not-found', `No ${request.method} route at ${pathname}.`));
  });
  const indexHandler = createIndexHandler(ctx);
  app.addHook('onClose', async () => indexHandler.close());

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true });

  registerJsonDepthLimit(app);
  // Legacy forms post urlencoded bodies (the acknowledge form).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  // HSTS on every answer when users come over https; CORS before CSRF, as it answers the preflights. The
  // hooks every request runs are synchronous: a promise per hook per request was measurable (bench --load).
  if (servesHttpsOnly(options)) app.addHook('onRequest', addHsts);
  app.addHook('onRequest', embedCors(options));
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      checkCsrf(request, options);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
  registerResponseHeaders(app);
  registerRequestLogging(app, ctx.state.requestLog);
  registerRequestLines(app, { log: options.logger !== false });
  registerMetrics(app, ctx);
  registerProbes(app, ctx);
  watchLiveRelease(app, ctx);

  app.addHook('preHandler', redirectSignedInFromLogin(ctx));
  await app.register(frontendRoutes(ctx));
  // Every other GET is an app route (the SPA fallback). A route rather than the not-found handler, so the
  // page goes through @fastify/compress like every other answer; reserved paths stay 404s.
  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? request.url;
    return isReservedPath(pathname) ? reply.callNotFound() : indexHandler(request, reply);
  });
  await app.register(legacyRoutes(ctx));
  await app.register(releaseRoutes(ctx));
  if (options.proxy) {
    await app.register(proxyRoutes(ctx, indexHandler));
  } else {
    await app.register(loginRoutes(ctx));
    await app.register(ssoRoutes(ctx));
    await app.register(sessionRoutes(ctx));
    await app.register(noticeFeedRoutes(ctx));
    await app.register(systemRoutes(ctx));
    await app.register(schoolRoutes(ctx));
    await app.register(devRoutes(ctx));
    await app.register(supportRoutes(ctx));
    await app.register(telescopeRoutes(ctx));
  }
  return app as AtriumServer;
}

declare module 'fastify' {
  interface FastifyInstance {
    atrium: ServerContext;
  }
}
