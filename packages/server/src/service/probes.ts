/**
 * The probes a load balancer or an orchestrator asks:
 *
 *   GET /healthz  200 while the process answers at all (liveness: restart it when this fails).
 *   GET /readyz   200 only when this instance can serve pages: the build (dist/index.html) or the live
 *                 release is loaded, the release store can be read and, with ATRIUM_REDIS_URL, Redis
 *                 answers; else 503 with the reasons. 503 from the first moment of a shutdown, so the
 *                 front door stops sending new requests while those in flight finish (shutdown.ts).
 */
import { constants } from 'node:fs';
import { access, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context.js';

export interface Readiness {
  ready: boolean;
  /** One per check that failed: `{ check, reason }`. */
  failures: { check: 'shutdown' | 'build' | 'release-store' | 'redis'; reason: string }[];
}

const closing = new WeakSet<FastifyInstance>();

/** From now on /readyz answers 503 (the shutdown's first step). */
export function markClosing(app: FastifyInstance): void {
  closing.add(app);
}

const why = (error: unknown): string =>
  (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));

export async function readiness(app: FastifyInstance, ctx: ServerContext): Promise<Readiness> {
  const failures: Readiness['failures'] = [];
  if (closing.has(app)) failures.push({ check: 'shutdown', reason: 'the server is shutting down' });
  const checks = [
    (async () => {
      try {
        if (await ctx.releases.live()) return;
      } catch (error) {
        failures.push({ check: 'build', reason: `the live release cannot be read (${why(error)})` });
        return;
      }
      const index = path.join(ctx.options.distDir, 'index.html');
      await stat(index).catch(() =>
        failures.push({ check: 'build', reason: `no live release and no build (${index} is missing)` }),
      );
    })(),
    (async () => {
      try {
        await access(ctx.options.releasesDir, constants.R_OK | constants.X_OK);
        await readdir(ctx.options.releasesDir);
      } catch (error) {
        failures.push({
          check: 'release-store',
          reason: `${ctx.options.releasesDir} cannot be read (${why(error)})`,
        });
      }
    })(),
    (async () => {
      if (!ctx.redis) return;
      try {
        if (!ctx.redis.isUp()) throw new Error('not connected');
        await ctx.redis.client.ping();
      } catch (error) {
        failures.push({ check: 'redis', reason: `Redis does not answer (${why(error)})` });
      }
    })(),
  ];
  await Promise.all(checks);
  return { ready: failures.length === 0, failures };
}

export function registerProbes(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/healthz', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', async (_request, reply) => {
    const { ready, failures } = await readiness(app, ctx);
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(ready ? { status: 'ready' } : { status: 'not-ready', failures });
  });
}
