/**
 * The one Redis connection an instance shares its state through (ATRIUM_REDIS_URL), with ioredis.
 *
 * Commands fail fast while Redis is away (no offline queue, one retry per request): a sign-in must answer
 * "unavailable" at once rather than hang until Redis returns. The connection itself keeps retrying with a
 * capped back-off and says so in the log, once per outage, and again when it is back.
 */
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface SharedRedis {
  /** Commands: fail fast while disconnected. */
  readonly client: Redis;
  /** A second connection for pub/sub (a subscribed connection can run no other command). */
  readonly subscriber: Redis;
  /** True while the command connection is ready. */
  isUp(): boolean;
  close(): Promise<void>;
}

/** `redis://` or `rediss://`, parsed at start so a typo stops the server with one line. */
export function parseRedisUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`ATRIUM_REDIS_URL must be a redis:// or rediss:// URL, not "${value}"`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new Error(`ATRIUM_REDIS_URL must be a redis:// or rediss:// URL, not "${value}"`);
  }
  if (!url.hostname) throw new Error(`ATRIUM_REDIS_URL has no host: "${value}"`);
  return url;
}

const CONNECTION_OPTIONS: RedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 2_000,
  commandTimeout: 2_000,
  // Reconnect for ever, 100 ms growing to 2 s between tries.
  retryStrategy: (times) => Math.min(100 * times, 2_000),
  lazyConnect: false,
};

export function connectRedis(url: string, log: RedisLog): SharedRedis {
  const redacted = (() => {
    const parsed = parseRedisUrl(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  })();
  const client = new Redis(url, CONNECTION_OPTIONS);
  // The subscriber may queue its SUBSCRIBE until it is connected: that is all it ever sends.
  const subscriber = new Redis(url, { ...CONNECTION_OPTIONS, enableOfflineQueue: true });
  let down = false;
  client.on('ready', () => {
    if (down) log.info(`Redis at ${redacted} is back`);
    else log.info(`Redis at ${redacted} connected`);
    down = false;
  });
  const lost = (error?: Error): void => {
    if (down) return;
    down = true;
    log.warn(
      `Redis at ${redacted} is unreachable${error ? ` (${error.message})` : ''}: retrying; serving the last known release, sign-in unavailable until it is back`,
    );
  };
  client.on('error', lost);
  client.on('end', () => lost());
  client.on('close', () => {
    if (client.status !== 'ready') lost();
  });
  // Errors on the subscriber are the same outage; the command connection reports it.
  subscriber.on('error', () => undefined);
  return {
    client,
    subscriber,
    isUp: () => client.status === 'ready',
    async close() {
      client.disconnect();
      subscriber.disconnect();
    },
  };
}
