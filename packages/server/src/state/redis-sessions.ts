/**
 * Sessions in Redis (ATRIUM_REDIS_URL), so every instance behind the load balancer knows every sign-in and
 * a sign-out on one is a sign-out on all.
 *
 *   atrium:session:<sid>          hash: the session's fields
 *   atrium:session-token:<token>  the sid its bearer token names
 *   atrium:account-sessions:<username>  list: the account's sessions' sids, oldest first
 *
 * Both keys carry a TTL of what is left of the session's lifetimes (idle and absolute), renewed on
 * every authenticated request, so Redis forgets an ended session by itself. The clock is still checked on
 * every lookup, as the in-memory store does. Each field is written on its own (a touch writes lastSeenAt
 * only), so two requests of one session at once cannot undo each other's change.
 *
 * While Redis is unreachable: a new session cannot be made (503 at once, never a hang); a session this
 * instance saw before the outage keeps working from its last copy here, so pages already loaded keep
 * working; a change to it (acting-as, school, legacy data) or a sign-out is kept here and carried out in
 * Redis as soon as it is back.
 */
import type { Redis } from 'ioredis';
import { HttpError } from '../errors.js';
import {
  MAX_DISMISSED_NOTICES,
  newSession,
  withDismissed,
  sessionExpired,
  type Session,
  type SessionLifetimes,
  type SessionStore,
} from './sessions.js';

export const SESSION_STORE_DOWN =
  'Sign-in is unavailable right now: the session store cannot be reached. Try again in a minute.';

export const sessionStoreDown = (): HttpError => new HttpError(503, 'unavailable', SESSION_STORE_DOWN);

/** Sessions remembered for an outage; the oldest copies go first beyond this. */
const LAST_KNOWN_LIMIT = 10_000;

const sessionKey = (sid: string): string => `atrium:session:${sid}`;
const tokenKey = (token: string): string => `atrium:session-token:${token}`;
const accountKey = (username: string): string => `atrium:account-sessions:${username}`;

/**
 * A new session, and the cap on its account's live sessions, in one step (several instances sign the same
 * account in at once): the account's list drops sids whose session has ended, gains the new one, and the
 * oldest beyond the cap are ended (both their keys deleted). Returns the ended sids.
 * KEYS: session hash, token key, account list. ARGV: ttl ms, sid, cap, list ttl ms, then field/value pairs.
 */
const CREATE_CAPPED = `
local ttl, sid, cap = ARGV[1], ARGV[2], tonumber(ARGV[3])
for i = 5, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('PEXPIRE', KEYS[1], ttl)
redis.call('SET', KEYS[2], sid, 'PX', ttl)
for _, held in ipairs(redis.call('LRANGE', KEYS[3], 0, -1)) do
  if redis.call('EXISTS', '${sessionKey('')}' .. held) == 0 then redis.call('LREM', KEYS[3], 0, held) end
end
redis.call('RPUSH', KEYS[3], sid)
redis.call('PEXPIRE', KEYS[3], ARGV[4])
local ended = {}
while redis.call('LLEN', KEYS[3]) > cap do
  local oldest = redis.call('LPOP', KEYS[3])
  local token = redis.call('HGET', '${sessionKey('')}' .. oldest, 'accessToken')
  redis.call('DEL', '${sessionKey('')}' .. oldest)
  if token then redis.call('DEL', '${tokenKey('')}' .. token) end
  table.insert(ended, oldest)
end
return ended`;

/** HSET and renew both TTLs, only while the session exists (a touch must not revive a destroyed one). */
const WRITE_IF_EXISTS = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
redis.call('PEXPIRE', KEYS[1], ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[1])
return 1`;

/**
 * One id added to the session's dismissed notices in Redis itself (read, add, trim, write in one step), so
 * dismissals made at once through two instances both stay; nothing when the session has ended.
 * KEYS: session hash. ARGV: the id, the most ids kept.
 */
const DISMISS_IF_EXISTS = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local raw = redis.call('HGET', KEYS[1], 'dismissedNotices')
local ok, known = pcall(cjson.decode, raw or '[]')
if not ok or type(known) ~= 'table' then known = {} end
local ids = {}
for _, id in ipairs(known) do if id ~= ARGV[1] then table.insert(ids, id) end end
table.insert(ids, ARGV[1])
while #ids > tonumber(ARGV[2]) do table.remove(ids, 1) end
redis.call('HSET', KEYS[1], 'dismissedNotices', cjson.encode(ids))
return 1`;

function toHash(session: Session): Record<string, string> {
  return {
    sid: session.sid,
    accessToken: session.accessToken,
    username: session.username,
    ...mutableFields(session),
    // Not a mutable field: only DISMISS_IF_EXISTS changes it, so a `save` never undoes a dismissal.
    dismissedNotices: JSON.stringify(session.dismissedNotices),
    createdAt: String(session.createdAt),
    lastSeenAt: String(session.lastSeenAt),
  };
}

/** What routes change after sign-in (the user switcher, the school swap, legacy_initialize). */
function mutableFields(session: Session): Record<string, string> {
  return {
    actingAs: session.actingAs ?? '',
    companyId: session.companyId === null ? '' : String(session.companyId),
    schoolId: session.schoolId === null ? '' : String(session.schoolId),
    legacyData: JSON.stringify(session.legacyData),
  };
}

const optionalNumber = (value: string): number | null => (value === '' ? null : Number(value));

/** A stored hash back into a session; anything incomplete or malformed is no session. */
function fromHash(hash: Record<string, string>): Session | undefined {
  const { sid, accessToken, username, actingAs, companyId, schoolId, legacyData, createdAt, lastSeenAt } =
    hash;
  if (
    !sid ||
    !accessToken ||
    !username ||
    actingAs === undefined ||
    companyId === undefined ||
    schoolId === undefined ||
    legacyData === undefined ||
    !createdAt ||
    !lastSeenAt
  )
    return undefined;
  let data: unknown;
  try {
    data = JSON.parse(legacyData);
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  return {
    dismissedNotices: readDismissed(hash['dismissedNotices']),
    sid,
    accessToken,
    username,
    actingAs: actingAs === '' ? null : actingAs,
    companyId: optionalNumber(companyId),
    schoolId: optionalNumber(schoolId),
    legacyData: data as Record<string, unknown>,
    createdAt: Number(createdAt),
    lastSeenAt: Number(lastSeenAt),
  };
}

/** The stored list of dismissed ids; anything else (a session made before they were kept) is none. */
function readDismissed(raw: string | undefined): string[] {
  try {
    const ids: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function createRedisSessionStore(
  redis: Redis,
  now: () => number,
  lifetimes: SessionLifetimes,
): SessionStore {
  /** What is left of the session's lifetimes from `at` (never below 1 ms: PEXPIRE 0 would delete). */
  const ttlMs = (session: Session, at: number): number =>
    Math.max(
      1,
      Math.min(lifetimes.idleMs - (at - session.lastSeenAt), lifetimes.maxMs - (at - session.createdAt)),
    );

  // The outage copy: the last state this instance saw of each session, and sign-outs still owed to Redis.
  const lastKnown = new Map<string, Session>();
  const sidOfToken = new Map<string, string>();
  const owedSignOuts = new Map<string, Session>();
  const remember = (session: Session): void => {
    lastKnown.delete(session.sid);
    lastKnown.set(session.sid, session);
    sidOfToken.set(session.accessToken, session.sid);
    if (lastKnown.size > LAST_KNOWN_LIMIT) {
      const oldest = lastKnown.values().next().value;
      if (oldest) forget(oldest);
    }
  };
  const forget = (session: Session): void => {
    lastKnown.delete(session.sid);
    sidOfToken.delete(session.accessToken);
  };
  const fromOutageCopy = (sid: string | undefined): Session | undefined => {
    if (sid && owedSignOuts.has(sid)) return undefined;
    const session = sid ? lastKnown.get(sid) : undefined;
    if (!session) throw sessionStoreDown();
    const at = now();
    if (sessionExpired(session, at, lifetimes)) {
      forget(session);
      return undefined;
    }
    session.lastSeenAt = at;
    return session;
  };

  const deleteKeys = async (session: Session): Promise<void> => {
    await redis
      .multi()
      .del(sessionKey(session.sid), tokenKey(session.accessToken))
      .lrem(accountKey(session.username), 0, session.sid)
      .exec();
  };
  const writeFields = async (session: Session): Promise<void> => {
    await redis.eval(
      WRITE_IF_EXISTS,
      2,
      sessionKey(session.sid),
      tokenKey(session.accessToken),
      ttlMs(session, now()),
      ...Object.entries(mutableFields(session)).flat(),
    );
  };
  // Changes and sign-outs made during an outage reach Redis as soon as it is back.
  const owedSaves = new Map<string, Session>();
  redis.on('ready', () => {
    for (const session of [...owedSaves.values()]) {
      writeFields(session).then(
        () => owedSaves.delete(session.sid),
        () => undefined,
      );
    }
    for (const session of [...owedSignOuts.values()]) {
      deleteKeys(session).then(
        () => owedSignOuts.delete(session.sid),
        () => undefined,
      );
    }
  });

  const load = async (sid: string): Promise<Session | undefined> => {
    const session = fromHash(await redis.hgetall(sessionKey(sid)));
    if (!session || session.sid !== sid) return undefined;
    const at = now();
    if (sessionExpired(session, at, lifetimes)) {
      await deleteKeys(session);
      forget(session);
      return undefined;
    }
    session.lastSeenAt = at;
    const kept = await redis.eval(
      WRITE_IF_EXISTS,
      2,
      sessionKey(sid),
      tokenKey(session.accessToken),
      ttlMs(session, at),
      'lastSeenAt',
      String(at),
    );
    if (kept !== 1) return undefined;
    remember(session);
    return session;
  };

  /** Redis's answer, or the outage copy when Redis cannot be reached. */
  const lookup = async (sid: string | undefined, ask: () => Promise<Session | undefined>) => {
    let found: Session | undefined;
    try {
      found = await ask();
    } catch {
      return fromOutageCopy(sid);
    }
    if (!found && sid) {
      // Redis no longer has it (signed out on another instance, or expired): nor does the outage copy.
      const stale = lastKnown.get(sid);
      if (stale) forget(stale);
    }
    return found;
  };

  return {
    async create(init) {
      const session = newSession(init, now());
      const ttl = String(ttlMs(session, session.createdAt));
      let ended: unknown;
      try {
        ended = await redis.eval(
          CREATE_CAPPED,
          3,
          sessionKey(session.sid),
          tokenKey(session.accessToken),
          accountKey(session.username),
          ttl,
          session.sid,
          String(lifetimes.perAccount),
          String(lifetimes.maxMs),
          ...Object.entries(toHash(session)).flat(),
        );
      } catch {
        throw sessionStoreDown();
      }
      if (Array.isArray(ended)) {
        for (const sid of ended) {
          const copy = typeof sid === 'string' ? lastKnown.get(sid) : undefined;
          if (copy) forget(copy);
        }
      }
      remember(session);
      return session;
    },
    bySid: (sid) => lookup(sid, async () => (sid ? load(sid) : undefined)),
    byToken: (token) =>
      lookup(token ? sidOfToken.get(token) : undefined, async () => {
        if (!token) return undefined;
        const sid = await redis.get(tokenKey(token));
        const session = sid ? await load(sid) : undefined;
        return session?.accessToken === token ? session : undefined;
      }),
    async save(session) {
      remember(session);
      try {
        await writeFields(session);
        owedSaves.delete(session.sid);
      } catch {
        // Kept here for the pages this instance serves, and written to Redis as soon as it is back.
        owedSaves.set(session.sid, session);
      }
    },
    async dismissNotice(session, id) {
      session.dismissedNotices = withDismissed(session.dismissedNotices, id);
      remember(session);
      try {
        await redis.eval(DISMISS_IF_EXISTS, 1, sessionKey(session.sid), id, String(MAX_DISMISSED_NOTICES));
      } catch {
        // Kept for this instance's pages; the other instances learn it only once it reaches Redis.
        throw sessionStoreDown();
      }
    },
    async destroy(session) {
      forget(session);
      owedSaves.delete(session.sid);
      try {
        await deleteKeys(session);
        owedSignOuts.delete(session.sid);
      } catch {
        owedSignOuts.set(session.sid, session);
      }
    },
  };
}
