/** The request log behind /lapi/telescope/requests: what was called, never what was sent. */
import type { Redis } from 'ioredis';

export interface RequestLogEntry {
  at: string;
  method: string;
  path: string;
  status: number;
  user: string | null;
  durationMs: number;
}

export interface UserSwitchEvent {
  at: string;
  by: string;
  action: 'switch-user' | 'switch-back';
  to: string;
}

/**
 * Adding never waits and never fails a request (a log that cannot be written loses the line, not the
 * call); reading is async because the shared log is in Redis. Both lists read oldest first.
 */
export interface RequestLog {
  add(entry: RequestLogEntry): void;
  entries(): Promise<readonly RequestLogEntry[]>;
  addSwitch(event: UserSwitchEvent): void;
  switches(): Promise<readonly UserSwitchEvent[]>;
}

const DEFAULT_LIMIT = 500;

/** Ring buffer: a long-running demo server must not grow without bound. */
export function createRequestLog(limit = DEFAULT_LIMIT): RequestLog {
  const log: RequestLogEntry[] = [];
  const switches: UserSwitchEvent[] = [];
  return {
    add(entry) {
      log.push(entry);
      if (log.length > limit) log.splice(0, log.length - limit);
    },
    entries: async () => log,
    addSwitch(event) {
      switches.push(event);
      if (switches.length > limit) switches.splice(0, switches.length - limit);
    },
    switches: async () => switches,
  };
}

/**
 * The same log shared by every instance (ATRIUM_REDIS_URL): two capped Redis lists, newest at the head,
 * so the log reads the same whichever instance answered the calls.
 */
export function createRedisRequestLog(redis: Redis, limit = DEFAULT_LIMIT): RequestLog {
  const push = (key: string, item: unknown): void => {
    redis
      .multi()
      .lpush(key, JSON.stringify(item))
      .ltrim(key, 0, limit - 1)
      .exec()
      .catch(() => undefined);
  };
  const read = async <T>(key: string): Promise<T[]> =>
    (await redis.lrange(key, 0, limit - 1)).map((line) => JSON.parse(line) as T).reverse();
  return {
    add: (entry) => push('atrium:request-log', entry),
    entries: () => read<RequestLogEntry>('atrium:request-log'),
    addSwitch: (event) => push('atrium:user-switches', event),
    switches: () => read<UserSwitchEvent>('atrium:user-switches'),
  };
}
