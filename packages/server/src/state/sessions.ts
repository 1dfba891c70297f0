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
  readonly createdAt: number;
  /** The last request the session authenticated: the idle lifetime counts from here. */
  lastSeenAt: number;
}

/** How long a session lives (OWASP session management: an idle and an absolute timeout). */
export interface SessionLifetimes {
  /** Ends after this long without a request. */
  idleMs: number;
  /** Ends this long after sign-in, however busy. */
  maxMs: number;
}

export interface SessionStore {
  create(init: Pick<Session, 'username' | 'companyId' | 'schoolId'>): Session;
  bySid(sid: string | undefined): Session | undefined;
  byToken(token: string | undefined): Session | undefined;
  destroy(session: Session): void;
  /** Sessions held in memory (live or not yet swept). */
  size(): number;
}

/** Expired sessions are swept at most this often (each lookup also refuses an expired one at once). */
const SWEEP_EVERY_MS = 60_000;

export function createSessionStore(now: () => number, lifetimes: SessionLifetimes): SessionStore {
  const bySid = new Map<string, Session>();
  const byToken = new Map<string, Session>();
  let lastSweep = now();

  const expired = (session: Session, at: number): boolean =>
    at - session.lastSeenAt >= lifetimes.idleMs || at - session.createdAt >= lifetimes.maxMs;
  const destroy = (session: Session): void => {
    bySid.delete(session.sid);
    byToken.delete(session.accessToken);
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
    create(init) {
      sweep();
      const at = now();
      const session: Session = {
        sid: randomToken(),
        accessToken: randomToken(),
        actingAs: null,
        legacyData: {},
        createdAt: at,
        lastSeenAt: at,
        ...init,
      };
      bySid.set(session.sid, session);
      byToken.set(session.accessToken, session);
      return session;
    },
    bySid: (sid) => live(sid ? bySid.get(sid) : undefined),
    byToken: (token) => live(token ? byToken.get(token) : undefined),
    destroy,
    size: () => bySid.size,
  };
}

/** The username whose view the session shows: the switched-to user while acting as someone. */
export function effectiveUsername(session: Session): string {
  return session.actingAs ?? session.username;
}
