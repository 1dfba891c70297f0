/**
 * Content-hashed assets answered from memory. @fastify/static opens, checks and streams the file on every
 * request (its path-spelling check, a stat per root, a read stream): about 1.7 ms of CPU for react-dom's
 * 55 kB of brotli (bench --load), where sending bytes already in memory costs a fraction of that.
 *
 * The first request for an asset and encoding is answered by @fastify/static as always; meanwhile the
 * same request is made once more through the server itself (inject, so every hook runs as for a client)
 * and its answer kept: the very status, headers and bytes @fastify/static sends, never a copy of its rules.
 * Later plain GETs of that asset in that encoding are answered from the copy. Everything else goes to
 * @fastify/static: HEAD, ranges, conditional requests, an encoding other than br or gzip, a miss.
 *
 * Names are content-hashed, so a name is the same bytes wherever it is found; the copies are dropped all
 * the same when either assets directory changes (a published release may add the same name with its own
 * dates), and kept within a byte budget, oldest first out.
 */
import { randomBytes } from 'node:crypto';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readUntilChanged, type ReadUntilChanged } from '../until-changed.js';

/** Room for every asset of a build in both encodings, several times over. */
export const ASSET_CACHE_BYTES = 64 * 1024 * 1024;
/** Larger files stay on disk: streamed, as before. */
const MAX_ASSET_BYTES = 4 * 1024 * 1024;
/** The encodings the build writes beside each asset (scripts/precompress.ts), as @fastify/static picks them. */
const PRECOMPRESSED = ['br', 'gzip', 'deflate'];
/** Hop-by-hop and per-answer headers, never replayed. */
const NOT_KEPT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Copy {
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** The directories' states it was read in: a copy from before a change is not served. */
  versions: readonly unknown[];
}

export interface AssetCacheOptions {
  prefix: string;
  /** The directories @fastify/static serves the prefix from. */
  dirs: readonly string[];
  maxBytes?: number;
}

/** The onRequest hook that answers from the copies, registered in the plugin that serves the prefix. */
export function registerAssetCache(app: FastifyInstance, options: AssetCacheOptions): void {
  const maxBytes = options.maxBytes ?? ASSET_CACHE_BYTES;
  // A header only this process knows marks its own filling requests, which must reach @fastify/static.
  const fillMark = randomBytes(16).toString('hex');
  const FILL_HEADER = 'x-atrium-asset-fill';
  // The value is a fresh object per change of the directory: the copies name the ones they were read in.
  const versions: ReadUntilChanged<object>[] = options.dirs.map((dir) =>
    readUntilChanged(dir, async () => ({}), Number.POSITIVE_INFINITY),
  );
  const copies = new Map<string, Copy>();
  const filling = new Set<string>();
  let bytes = 0;

  const currentVersions = (): unknown[] | null => {
    const known = versions.map((version) => version.peek());
    if (known.every((entry) => entry !== undefined)) return known.map((entry) => entry!.value);
    for (const version of versions) void version();
    return null;
  };
  const drop = (key: string): void => {
    const copy = copies.get(key);
    if (!copy) return;
    copies.delete(key);
    bytes -= copy.body.length;
  };
  const keep = (key: string, copy: Copy): void => {
    if (copy.body.length > MAX_ASSET_BYTES || copy.body.length > maxBytes) return;
    drop(key);
    for (const oldest of copies.keys()) {
      if (bytes + copy.body.length <= maxBytes) break;
      drop(oldest);
    }
    copies.set(key, copy);
    bytes += copy.body.length;
  };

  const fill = async (key: string, url: string, encoding: string, versionsAtStart: unknown[]) => {
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': encoding, [FILL_HEADER]: fillMark },
    });
    if (answer.statusCode !== 200 || answer.headers['content-encoding'] !== encoding) return;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !NOT_KEPT.has(name))
        headers[name] = typeof value === 'number' ? String(value) : value;
    }
    keep(key, { headers, body: answer.rawPayload, versions: versionsAtStart });
  };

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.method !== 'GET' || !request.url.startsWith(options.prefix)) return done();
    const { headers } = request;
    if (headers[FILL_HEADER] === fillMark) return done();
    if (
      headers.range !== undefined ||
      headers['if-none-match'] !== undefined ||
      headers['if-modified-since'] !== undefined ||
      headers['if-match'] !== undefined ||
      headers['if-unmodified-since'] !== undefined ||
      headers['if-range'] !== undefined ||
      headers['x-no-compression'] !== undefined
    )
      return done();
    const accepted = headers['accept-encoding'];
    if (accepted === undefined) return done();
    // As @fastify/static negotiates (its "*" counts as gzip).
    const encoding = negotiate(accepted.toLowerCase().replace(/\*/g, 'gzip'), PRECOMPRESSED);
    if (encoding !== 'br' && encoding !== 'gzip') return done();
    const now = currentVersions();
    if (now === null) return done();
    const key = `${encoding} ${request.url}`;
    const copy = copies.get(key);
    if (copy && copy.versions.every((version, i) => version === now[i])) {
      reply.headers(copy.headers).send(copy.body);
      return;
    }
    if (copy) drop(key);
    if (!filling.has(key)) {
      filling.add(key);
      fill(key, request.url, encoding, now)
        .catch(() => undefined) // the next request tries again; this one is served from disk meanwhile
        .finally(() => filling.delete(key));
    }
    done();
  });
  app.addHook('onClose', async () => {
    for (const version of versions) version.close();
  });
}
