/**
 * One log line per instance whenever the release it serves changes (published, rolled back, a canary
 * started or ended, here or through another instance): the release id, the apps whose version changed and
 * who made the change. Checked when the server starts and every ATRIUM_RELEASE_POLL_MS, so an instance
 * nobody loads pages from still says when it changed.
 */
import type { FastifyInstance } from 'fastify';
import type { Release } from '@atrium/releases';
import type { ServerContext } from '../context.js';

/** The apps whose module (or canary) differs between two releases. */
export function appsChanged(before: Release | null, after: Release): string[] {
  const names = new Set([...Object.keys(after.modules), ...Object.keys(before?.modules ?? {})]);
  const version = (release: Release | null, name: string): string =>
    `${release?.modules[name]?.version ?? ''}|${release?.canaries[name]?.module.version ?? ''}`;
  return [...names].filter((name) => version(before, name) !== version(after, name)).sort();
}

export function watchLiveRelease(app: FastifyInstance, ctx: ServerContext): void {
  let known: Release | null | undefined;
  const check = async (): Promise<void> => {
    const live = await ctx.releases.live().catch(() => undefined);
    if (live === undefined || live === null || live.id === known?.id) {
      if (known === undefined && live !== undefined) known = live;
      return;
    }
    const first = known === undefined;
    const before = known ?? null;
    known = live;
    app.log.info(
      {
        release: live.id,
        appsChanged: appsChanged(first ? null : before, live),
        author: live.author,
        change: live.change.summary,
      },
      first ? 'serving release' : 'live release changed',
    );
  };
  app.addHook('onReady', check);
  const timer = setInterval(() => void check(), ctx.options.releasePollMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
