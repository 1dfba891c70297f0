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
}

export interface SessionStore {
  create(init: Pick<Session, 'username' | 'companyId' | 'schoolId'>): Session;
  bySid(sid: string | undefined): Session | undefined;
  byToken(token: string | undefined): Session | undefined;
  destroy(session: Session): void;
}

export function createSessionStore(now: () => number): SessionStore {
  const bySid = new Map<string, Session>();
  const byToken = new Map<string, Session>();
  return {
    create(init) {
      const session: Session = {
        sid: randomToken(),
        accessToken: randomToken(),
        actingAs: null,
        legacyData: {},
        createdAt: now(),
        ...init,
      };
      bySid.set(session.sid, session);
      byToken.set(session.accessToken, session);
      return session;
    },
    bySid: (sid) => (sid ? bySid.get(sid) : undefined),
    byToken: (token) => (token ? byToken.get(token) : undefined),
    destroy(session) {
      bySid.delete(session.sid);
      byToken.delete(session.accessToken);
    },
  };
}

/** The username whose view the session shows: the switched-to user while acting as someone. */
export function effectiveUsername(session: Session): string {
  return session.actingAs ?? session.username;
}
