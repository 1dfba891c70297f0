import type { UploadedVideo } from '@atrium/api/schemas';
import { seedUsers, type DemoUser } from '../demo-data/users.js';
import { SUPPORT_REQUESTS, type DemoSupportRequest } from '../demo-data/support.js';
import type { Redis } from 'ioredis';
import { createSessionStore, type SessionLifetimes, type SessionStore } from './sessions.js';
import { createRedisSessionStore } from './redis-sessions.js';
import { createRedisRequestLog, createRequestLog, type RequestLog } from './request-log.js';

export interface PendingUpload {
  filepath: string;
  mimetype: string;
  size: number;
  ext: 'webm' | 'mp4';
  sid: string;
  status: 'pending' | 'receiving' | 'complete' | 'failed' | 'attached';
  expiresAt: number;
}

export interface SsoState {
  username: string;
  code: string;
  expiresAt: number;
  used: boolean;
}

/**
 * Everything the demo backend remembers, in memory and fresh per server instance (tests create many);
 * sessions and the request log in Redis when several instances share them.
 */
export interface AppState {
  users: ReadonlyMap<string, DemoUser>;
  sessions: SessionStore;
  requestLog: RequestLog;
  /** Usernames that acknowledged on /legacy/acknowledge: their legacy_redirect is no longer sent. */
  acknowledged: Set<string>;
  ssoStates: Map<string, SsoState>;
  /** Upload addresses by their id (the signed token carries the id). */
  uploads: Map<string, PendingUpload>;
  supportRequests: Map<number, DemoSupportRequest>;
  videos: Map<number, UploadedVideo[]>;
  /** Who attached each video document (by uploaded_doc_id): only they may replace it. */
  videoAuthors: Map<number, string>;
  nextDocId: () => number;
}

/** With `redis` (ATRIUM_REDIS_URL), sessions and the request log are shared by every instance. */
export async function createState(
  now: () => number,
  lifetimes: SessionLifetimes,
  redis: Redis | null = null,
): Promise<AppState> {
  const users = await seedUsers();
  let docId = 7000;
  return {
    users: new Map(users.map((u) => [u.username, u])),
    sessions: redis ? createRedisSessionStore(redis, now, lifetimes) : createSessionStore(now, lifetimes),
    requestLog: redis ? createRedisRequestLog(redis) : createRequestLog(),
    acknowledged: new Set(),
    ssoStates: new Map(),
    uploads: new Map(),
    supportRequests: new Map(SUPPORT_REQUESTS.map((r) => [r.client_request_id, { ...r }])),
    videos: new Map(),
    videoAuthors: new Map(),
    nextDocId: () => ++docId,
  };
}
