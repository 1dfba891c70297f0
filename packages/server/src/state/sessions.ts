import { randomToken } from '../security/random.js';

/**
 * A signed-in session. The cookie (`atrium_sid`, the "legacy" session) and the bearer token for /lapi/
 * name the same session, so moving between new pages and legacy PHP screens keeps one sign-in.
 */
export interface Session {
  readonly sid: string;
  readonly accessToken: string;
  /** The account that signed in. */
  readonly username: string;
  /** Whom the session acts as (user switcher); equals `username` unless a root user switched. */
  actingAs: string | null;
  companyId: number | null;
  schoolId: number | null;
  /** What legacy_initialize merged in (the legacy PHP session). */
  legacyData: Record<string, unknown>;
  /**
   * The closeable notices this session dismissed (ids), on any host of the site: the initialize answer and
   * the notice feed leave them out. They end with the session.
   */
  dismissedNotices: string[];
  readonly createdAt: number;
  /** The last request the session authenticated: the idle lifetime counts from here. */
  lastSeenAt: number;
}

/** How long a session lives (OWASP session management: an idle and an absolute timeout), and how many. */
export interface SessionLifetimes {
  /** Ends after this long without a request. */
  idleMs: number;
  /** Ends this long after sign-in, however busy. */
  maxMs: number;
  /**
   * Live sessions one account may hold; a sign-in beyond it ends that account's oldest session. Each can
   * carry a legacy session of up to ATRIUM_SESSION_DATA_MAX_BYTES, so without a cap one account signing in
   * in a loop grows the store without end.
   */
  perAccount: number;
}

/**
 * Where sessions live: this process's memory (the default) or Redis (ATRIUM_REDIS_URL, several instances).
 * Async, because the shared store is over the network. A lookup touches the session (the idle clock
 * restarts); a route that changes a session (acting-as, school, legacy data) calls `save` afterwards.
 */
export interface SessionStore {
  create(init: Pick<Session, 'username' | 'companyId' | 'schoolId'>): Promise<Session>;
  bySid(sid: string | undefined): Promise<Session | undefined>;
  byToken(token: string | undefined): Promise<Session | undefined>;
  save(session: Session): Promise<void>;
  /**
   * Adds `id` to the session's dismissed notices (kept to the last MAX_DISMISSED_NOTICES). Atomic on its
   * own, apart from `save`: two dismissals at once on two instances both stay.
   */
  dismissNotice(session: Session, id: string): Promise<void>;
  destroy(session: Session): Promise<void>;
}

/** Dismissed notices one session keeps; the oldest go first beyond it (a notice list is a handful). */
export const MAX_DISMISSED_NOTICES = 200;

/** `ids` with `id` added at the end (once), cut to the last MAX_DISMISSED_NOTICES. */
export function withDismissed(ids: readonly string[], id: string): string[] {
  return [...ids.filter((known) => known !== id), id].slice(-MAX_DISMISSED_NOTICES);
}

/** The in-memory store also says how many sessions it holds (tests check that ended ones leave memory). */
export interface MemorySessionStore extends SessionStore {
  size(): number;
}

/** True when the session has outlived its idle or its absolute lifetime at `at`. */
export function sessionExpired(session: Session, at: number, lifetimes: SessionLifetimes): boolean {
  return at - session.lastSeenAt >= lifetimes.idleMs || at - session.createdAt >= lifetimes.maxMs;
}

/** A fresh session: random sid and bearer token, nobody acted as, no legacy data yet. */
export function newSession(init: Pick<Session, 'username' | 'companyId' | 'schoolId'>, at: number): Session {
  return {
    sid: randomToken(),
    accessToken: randomToken(),
    actingAs: null,
    legacyData: {},
    dismissedNotices: [],
    createdAt: at,
    lastSeenAt: at,
    ...init,
  };
}

/** Expired sessions are swept at most this often (each lookup also refuses an expired one at once). */
const SWEEP_EVERY_MS = 60_000;

export function createSessionStore(now: () => number, lifetimes: SessionLifetimes): MemorySessionStore {
  const bySid = new Map<string, Session>();
  const byToken = new Map<string, Session>();
  /** Each account's live sessions, oldest first (a Set keeps insertion order). */
  const byAccount = new Map<string, Set<Session>>();
  let lastSweep = now();

  const expired = (session: Session, at: number): boolean => sessionExpired(session, at, lifetimes);
  const destroy = (session: Session): void => {
    bySid.delete(session.sid);
    byToken.delete(session.accessToken);
    const mine = byAccount.get(session.username);
    mine?.delete(session);
    if (mine?.size === 0) byAccount.delete(session.username);
  };
  /** Adds the account's new session, ending its oldest ones beyond the cap. */
  const admit = (session: Session): void => {
    const mine = byAccount.get(session.username) ?? new Set<Session>();
    byAccount.set(session.username, mine);
    mine.add(session);
    for (const oldest of mine) {
      if (mine.size <= lifetimes.perAccount) break;
      destroy(oldest);
    }
  };
  /** A live session is touched (its idle clock restarts); an expired one is ended and not returned. */
  const live = (session: Session | undefined): Session | undefined => {
    if (!session) return undefined;
    const at = now();
    if (expired(session, at)) {
      destroy(session);
      return undefined;
    }
    session.lastSeenAt = at;
    return session;
  };
  // Sessions nobody comes back for would otherwise stay in memory for ever.
  const sweep = (): void => {
    const at = now();
    if (at - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = at;
    for (const session of bySid.values()) if (expired(session, at)) destroy(session);
  };

  return {
    async create(init) {
      sweep();
      const session = newSession(init, now());
      bySid.set(session.sid, session);
      byToken.set(session.accessToken, session);
      admit(session);
      return session;
    },
    bySid: async (sid) => live(sid ? bySid.get(sid) : undefined),
    byToken: async (token) => live(token ? byToken.get(token) : undefined),
    // The session objects are the stored ones: a route's change is already kept.
    save: async () => undefined,
    dismissNotice: async (session, id) => {
      session.dismissedNotices = withDismissed(session.dismissedNotices, id);
    },
    destroy: async (session) => destroy(session),
    size: () => bySid.size,
  };
}

/** The username whose view the session shows: the switched-to user while acting as someone. */
export function effectiveUsername(session: Session): string {
  return session.actingAs ?? session.username;
}
