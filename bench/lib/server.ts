/**
 * The reference backend, in-process, on a free port: the same server users run (production mode, gzip),
 * plus one extra route for the bench's yardstick page so both are measured from one origin and one process.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The part of @atrium/server's contract (docs/architecture.md) the bench uses. Loaded by a computed
 * specifier: the server's sources belong to its own TypeScript project, which tsc -b would refuse to pull
 * into tsconfig.tools.json; the bench only needs createServer and a Fastify-like instance.
 */
interface RouteReply {
  header: (name: string, value: string) => RouteReply;
  type: (contentType: string) => RouteReply;
  send: (body: string | Buffer) => RouteReply;
  callNotFound: () => void;
}
type RouteHandler = (request: { params: unknown }, reply: RouteReply) => Promise<unknown>;
interface ServerInstance {
  get: (path: string, handler: RouteHandler) => unknown;
  listen: (options: { port: number; host: string }) => Promise<string>;
  close: () => Promise<void>;
  inject: (request: { method: 'GET'; url: string }) => Promise<{ body: string }>;
  server: { address: () => { port: number } | string | null };
}
interface ServerModule {
  createServer: (options: Record<string, unknown>) => Promise<ServerInstance>;
}
const SERVER_MODULE = '@atrium/server';

export interface BenchServer {
  origin: string;
  close: () => Promise<void>;
}

export interface BenchServerOptions {
  distDir: string;
  /** Built yardstick (index.html + bundle); served at YARDSTICK_PATH when given. */
  yardstickDir?: string;
  /** Built minimal React yardstick; served at MINIMAL_PATH when given. */
  minimalDir?: string;
  /** Where uploads would go: kept out of the repo's .data. */
  dataDir: string;
  /** Other hosts whose legacy pages call the widgets' endpoints with cookies (ATRIUM_EMBED_ORIGINS). */
  embedOrigins?: string[];
}

/** Under /common/login so the login component sees the same path shape (and the same API origin). */
export const YARDSTICK_PATH = '/bench/yardstick/';
/** The minimal React login form (bench/minimal), one bundle like the yardstick, from the same origin. */
export const MINIMAL_PATH = '/bench/minimal/';
/**
 * Atrium's own login page with every script and script preload taken out: the same document (its inline
 * CSS, its prerendered first screen) as plain HTML, the first-paint floor the real page can approach.
 */
export const STATIC_PATH = '/bench/static/';
const LOGIN_PAGE = '/common/login';

export function staticCopy(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="(?:preload|modulepreload)"[^>]*>/gi, '');
}

export async function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const { createServer } = (await import(SERVER_MODULE)) as ServerModule;
  const app = await createServer({
    distDir: options.distDir,
    dataDir: options.dataDir,
    env: 'production',
    logger: false,
    // The bench signs in dozens of times a minute from one address; the real limit would turn runs into 429s.
    loginRateLimit: 100_000,
    ...(options.embedOrigins ? { embedOrigins: options.embedOrigins } : {}),
  });
  const servePage = (base: string, dir: string) => {
    // Same caching as the real pages: the HTML is never cached, the bundle is immutable.
    app.get(base, async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(await readFile(path.join(dir, 'index.html'), 'utf8')),
    );
    app.get(`${base}:file`, async (request, reply) => {
      const { file } = request.params as { file: string };
      if (!/^[\w.-]+\.js$/.test(file)) return reply.callNotFound();
      // The same precompressed encodings the real assets get (scripts/precompress.ts), so the ratio compares
      // bundles, not compression settings.
      const accepts = String(
        (request as { headers?: Record<string, unknown> }).headers?.['accept-encoding'] ?? '',
      );
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : '';
      const body = await readFile(path.join(dir, file + suffix)).catch(() => null);
      if (!body) return reply.callNotFound();
      if (encoding) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('text/javascript; charset=utf-8')
        .send(body);
    });
  };
  if (options.yardstickDir) {
    servePage(YARDSTICK_PATH, options.yardstickDir);
    app.get(STATIC_PATH, async (_request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(staticCopy(await app.inject({ method: 'GET', url: LOGIN_PAGE }).then((page) => page.body))),
    );
  }
  if (options.minimalDir) servePage(MINIMAL_PATH, options.minimalDir);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the bench server has no address');
  return { origin: `http://127.0.0.1:${address.port}`, close: async () => app.close() };
}
