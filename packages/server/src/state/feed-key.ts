/**
 * The key that seals notice feed tokens (security/feed-token.ts). Every instance must use the same one: a
 * token made by the instance that answered the widgets is read by whichever instance the PHP helper's
 * request reaches.
 *
 * - ATRIUM_FEED_KEY set: derived from it.
 * - Else with Redis (several instances): a random key made once and kept in Redis (`atrium:feed-key`, set
 *   only if absent, so the first instance's wins), read again every minute. Whoever can read Redis can
 *   already read every session there, so keeping the key beside them opens nothing new.
 * - Else (one instance): a random key of this process; a restart ends every token, as it ends every session.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { feedCipherKey } from '../security/feed-token.js';
import { sessionStoreDown } from './redis-sessions.js';

export const FEED_KEY_REDIS_KEY = 'atrium:feed-key';

export type FeedKeySource = () => Promise<Buffer>;

/** How long an instance uses the key it read from Redis before reading it again. */
export const FEED_KEY_REREAD_MS = 60_000;

export function createFeedKeySource(
  configured: string | null,
  redis: Redis | null,
  now: () => number = Date.now,
): FeedKeySource {
  if (configured !== null) {
    const key = feedCipherKey(configured);
    return async () => key;
  }
  if (redis === null) {
    const key = feedCipherKey(randomBytes(32));
    return async () => key;
  }
  let shared: Buffer | null = null;
  let readAt = 0;
  return async () => {
    // Read again now and then: after Redis lost its data, the first instance to ask puts a new key there,
    // and every instance is back on one key within a minute.
    if (shared !== null && now() - readAt < FEED_KEY_REREAD_MS) return shared;
    let stored: string | null;
    try {
      await redis.set(FEED_KEY_REDIS_KEY, randomBytes(32).toString('base64url'), 'NX');
      stored = await redis.get(FEED_KEY_REDIS_KEY);
    } catch {
      stored = null;
    }
    if (stored === null) {
      // Redis unreachable: the key read last keeps working meanwhile.
      if (shared !== null) return shared;
      throw sessionStoreDown();
    }
    shared = feedCipherKey(stored);
    readAt = now();
    return shared;
  };
}
