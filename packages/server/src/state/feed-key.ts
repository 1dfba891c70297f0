/**
 * The key that seals notice feed tokens (security/feed-token.ts). Every instance must use the same one: a
 * token made by the instance that answered the widgets is read by whichever instance the PHP helper's
 * request reaches.
 *
 * - ATRIUM_FEED_KEY set: derived from it.
 * - Else with Redis (several instances): a random key made once and kept in Redis (`atrium:feed-key`, set
 *   only if absent, so the first instance's wins), read once per process. Whoever can read Redis can
 *   already read every session there, so keeping the key beside them opens nothing new.
 * - Else (one instance): a random key of this process; a restart ends every token, as it ends every session.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { feedCipherKey } from '../security/feed-token.js';
import { sessionStoreDown } from './redis-sessions.js';

export const FEED_KEY_REDIS_KEY = 'atrium:feed-key';

export type FeedKeySource = () => Promise<Buffer>;

export function createFeedKeySource(configured: string | null, redis: Redis | null): FeedKeySource {
  if (configured !== null) {
    const key = feedCipherKey(configured);
    return async () => key;
  }
  if (redis === null) {
    const key = feedCipherKey(randomBytes(32));
    return async () => key;
  }
  let shared: Buffer | null = null;
  return async () => {
    if (shared !== null) return shared;
    let stored: string | null;
    try {
      await redis.set(FEED_KEY_REDIS_KEY, randomBytes(32).toString('base64url'), 'NX');
      stored = await redis.get(FEED_KEY_REDIS_KEY);
    } catch {
      throw sessionStoreDown();
    }
    if (stored === null) throw sessionStoreDown();
    shared = feedCipherKey(stored);
    return shared;
  };
}
