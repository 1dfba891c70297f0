/**
 * The release API (docs/releases.md, "HTTP API"): the operations of `npm run release`, for root users and
 * for CI holding the deploy token (ATRIUM_DEPLOY_TOKEN, sent as `Authorization: Bearer <token>`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import {
  isModuleName,
  MODULE_NAME_RULE,
  ReleaseError,
  type AppUpload,
  type CanaryAudience,
  type Release,
} from '@atrium/releases';
import { findAuth, requireRoot } from '../auth.js';
import type { ServerContext } from '../context.js';
import { HttpError, unauthorized } from '../errors.js';
import { parseInput } from '../validation.js';
import { TRY_CANARY_COOKIE, viewerOf } from './live.js';

/** An app's files travel base64-encoded in JSON: room for an app well over its size budget. */
const UPLOAD_BODY_LIMIT = 25 * 1024 * 1024;

const STATUS: Partial<Record<ReleaseError['code'], number>> = {
  conflict: 409,
  locked: 503,
  unavailable: 503,
  'not-found': 404,
  'no-release': 409,
  'bad-arguments': 400,
  unchanged: 409,
  'file-exists': 409,
  'route-taken': 409,
};

export function toHttpError(error: ReleaseError): HttpError {
  return new HttpError(STATUS[error.code] ?? 422, error.code, error.message);
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** True when the request carries the deploy token; compared in constant time (digests of equal length). */
export function hasDeployToken(request: FastifyRequest, token: string | null): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!token || !match?.[1]) return false;
  return timingSafeEqual(sha256(match[1]), sha256(token));
}

/** The author a release records, from the author the request names (if any). */
type Actor = (claimed?: string) => string;

/**
 * Who is acting, as the release records it: a root user's username, or for CI holding the deploy token the
 * author it names (`--author`, ATRIUM_RELEASE_AUTHOR) with "(deploy token)", so the record says both who
 * claimed it and how they signed in. Anyone else is refused.
 */
async function actor(ctx: ServerContext, request: FastifyRequest): Promise<Actor> {
  if (hasDeployToken(request, ctx.options.deployToken)) {
    request.atriumUser = 'deploy-token';
    return (claimed) => (claimed ? `${claimed} (deploy token)` : 'deploy-token');
  }
  if (request.headers.authorization && ctx.options.deployToken) {
    // A bearer token that is neither the deploy token nor a session: say which one was expected.
    const auth = await requireRoot(request, ctx.state).catch(() => null);
    if (!auth) throw unauthorized('The deploy token is not valid.');
    return () => auth.realUser.username;
  }
  if (!(await findAuth(request, ctx.state)))
    throw unauthorized('Sign in as a root user, or send the deploy token (Authorization: Bearer ...).');
  const { username } = (await requireRoot(request, ctx.state)).realUser;
  // A signed-in root user is the author, whatever the body says.
  return () => username;
}

/** A name for people: printable, one line, short (it is shown in every history). */
const AuthorSchema = v.optional(
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^[^\p{Cc}]{1,100}$/u, 'must be 1 to 100 printable characters on one line'),
  ),
);
const AuthorEntries = { author: AuthorSchema };

const UploadSchema = v.object({
  manifest: v.unknown(),
  files: v.record(v.pipe(v.string(), v.maxLength(200)), v.string()),
});

function uploadOf(body: v.InferOutput<typeof UploadSchema>): AppUpload {
  return {
    manifest: body.manifest,
    readFile: async (file) => {
      const encoded = Object.hasOwn(body.files, file) ? body.files[file] : undefined;
      return encoded === undefined ? null : Buffer.from(encoded, 'base64');
    },
  };
}

const AppSchema = v.object({
  app: v.pipe(v.string(), v.check(isModuleName, MODULE_NAME_RULE)),
});
const RollbackSchema = v.union([
  v.object({ release: v.pipe(v.string(), v.regex(/^r\d{6,}$/)), ...AuthorEntries }),
  v.object({
    ...AppSchema.entries,
    to: v.optional(v.pipe(v.string(), v.regex(/^r\d{6,}$/))),
    ...AuthorEntries,
  }),
]);
const PublishSchema = v.object({ ...UploadSchema.entries, ...AuthorEntries });
const AppActionSchema = v.object({ ...AppSchema.entries, ...AuthorEntries });
const AudienceSchema = v.union([v.object({ roles: v.array(v.string()) }), v.object({ percent: v.number() })]);
const CanarySchema = v.object({
  ...AppSchema.entries,
  audience: AudienceSchema,
  version: v.optional(v.string()),
  upload: v.optional(UploadSchema),
  ...AuthorEntries,
});
const TryCanarySchema = v.object({ ...AppSchema.entries, on: v.boolean() });

/** The live release as the panel and CI read it: every module's version, canaries, no file lists. */
function liveSummary(release: Release | null) {
  if (!release) return null;
  return {
    id: release.id,
    createdAt: release.createdAt,
    author: release.author,
    change: release.change,
    modules: Object.values(release.modules).map((m) => ({ name: m.name, kind: m.kind, version: m.version })),
    canaries: Object.entries(release.canaries).map(([name, c]) => ({
      name,
      version: c.module.version,
      audience: c.audience as CanaryAudience,
      author: c.author,
      startedAt: c.startedAt,
    })),
  };
}

/**
 * Routes that take an upload identify the caller in `onRequest`, before a byte of the body is read: an
 * unauthenticated post of 25 MB is answered 401 at once and its connection closed rather than drained, so
 * anonymous callers cannot make the server buffer uploads (CSRF is checked earlier still, server.ts).
 */
function callerFirst(ctx: ServerContext) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      uploaders.set(request, await actor(ctx, request));
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
  };
}
const uploaders = new WeakMap<FastifyRequest, Actor>();

/** The caller `callerFirst` identified. */
function uploader(request: FastifyRequest): Actor {
  const who = uploaders.get(request);
  if (who === undefined) throw unauthorized();
  return who;
}

export function releaseRoutes(ctx: ServerContext) {
  const { service } = ctx.releases;
  const run = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ReleaseError) throw toHttpError(error);
      throw error;
    }
  };
  const changed = (release: Release) => ({ data: { release: liveSummary(release) } });

  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/lapi/releases', async (request, reply) => {
      await actor(ctx, request);
      reply.header('cache-control', 'no-store');
      const live = await run(() => service.current());
      const history = await run(() => service.history(undefined, 10));
      // The canaries this root user chose to try (the Releases panel offers to stop).
      const trying = (await viewerOf(request, ctx.state)).tryCanaries ?? [];
      return { data: { live: liveSummary(live), history, trying } };
    });

    app.get('/lapi/releases/history', async (request) => {
      await actor(ctx, request);
      const { app: name } = request.query as { app?: string };
      return { data: await run(() => service.history(name)) };
    });

    app.get('/lapi/releases/diff', async (request) => {
      await actor(ctx, request);
      const { a, b } = request.query as { a?: string; b?: string };
      if (!a || !b) throw new HttpError(400, 'bad-arguments', 'diff needs ?a=<id>&b=<id>');
      return { data: await run(() => service.diff(a, b)) };
    });

    const upload = { bodyLimit: UPLOAD_BODY_LIMIT, onRequest: callerFirst(ctx) };
    app.post('/lapi/releases/publish', upload, async (request) => {
      const authorOf = uploader(request);
      const body = parseInput(PublishSchema, request.body);
      const who = authorOf(body.author);
      return changed(await run(() => service.publish(uploadOf(body), who)));
    });

    app.post('/lapi/releases/rollback', async (request) => {
      const authorOf = await actor(ctx, request);
      const body = parseInput(RollbackSchema, request.body);
      const who = authorOf(body.author);
      return changed(
        await run(() =>
          'release' in body
            ? service.rollbackRelease(body.release, who)
            : service.rollbackApp(body.app, who, body.to),
        ),
      );
    });

    app.post('/lapi/releases/canary', upload, async (request) => {
      const authorOf = uploader(request);
      const body = parseInput(CanarySchema, request.body);
      const who = authorOf(body.author);
      const candidate = body.upload ? uploadOf(body.upload) : body.version;
      if (candidate === undefined)
        throw new HttpError(400, 'bad-arguments', 'canary needs a version or an upload');
      return changed(await run(() => service.canary(body.app, candidate, body.audience, who)));
    });

    for (const action of ['promote', 'abort'] as const) {
      app.post(`/lapi/releases/${action}`, async (request) => {
        const authorOf = await actor(ctx, request);
        const { app: name, author } = parseInput(AppActionSchema, request.body);
        const who = authorOf(author);
        return changed(await run(() => service[action](name, who)));
      });
    }

    /** "Try the canary" for this root user only: a cookie the page load honours for root users alone. */
    app.post('/lapi/releases/try-canary', async (request, reply) => {
      await requireRoot(request, ctx.state);
      const { app: name, on } = parseInput(TryCanarySchema, request.body);
      const current = new Set((request.cookies[TRY_CANARY_COOKIE] ?? '').split(',').filter(Boolean));
      if (on) current.add(name);
      else current.delete(name);
      reply.setCookie(TRY_CANARY_COOKIE, [...current].join(','), {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: request.protocol === 'https',
      });
      return { data: { trying: [...current] } };
    });
  };
}
