/**
 * The notice feed's token: what a page of another host of the site keeps in a first-party cookie so its
 * server (the PHP helper) can ask Atrium for the visitor's notices before the page is sent. It names the
 * visitor's session, and only for reading that session's notices, for a few minutes.
 *
 * Sealed with AES-256-GCM, not only signed: the cookie lives on the other host, whose scripts and server
 * read it, and the session id inside it must never be readable there (it is the visitor's sign-in). GCM's
 * tag refuses any changed byte; the expiry and the user the session showed are inside the sealed part.
 *
 *   v1.<base64url(iv 12 bytes | ciphertext | tag 16 bytes)>, the plaintext `{"s":sid,"u":user,"e":expiry ms}`
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** How long a token is good for: long enough for a few pages, short enough that a copied one soon dies. */
export const FEED_TOKEN_TTL_MS = 5 * 60 * 1000;

const PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Far above any real token (a session id, a username, a time): a longer one is refused unread. */
const MAX_TOKEN_LENGTH = 1024;

export interface FeedClaims {
  /** The session the token reads. */
  sid: string;
  /** Whom that session showed when the token was made (a user switch makes the token useless). */
  user: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export type FeedTokenCheck =
  { ok: true; claims: FeedClaims } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

/** The 32-byte AES key for a secret of any length (ATRIUM_FEED_KEY, or the random key Redis keeps). */
export function feedCipherKey(secret: string | Buffer): Buffer {
  return createHash('sha256').update('atrium notice feed v1\0').update(secret).digest();
}

export function sealFeedToken(key: Buffer, claims: FeedClaims): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const plain = JSON.stringify({ s: claims.sid, u: claims.user, e: claims.expiresAt });
  const sealed = Buffer.concat([iv, cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return PREFIX + sealed.toString('base64url');
}

/** The token's claims when it is whole, sealed with `key` and not expired at `now`. */
export function openFeedToken(key: Buffer, token: unknown, now: number): FeedTokenCheck {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !token.startsWith(PREFIX)) {
    return { ok: false, reason: 'malformed' };
  }
  const body = token.slice(PREFIX.length);
  if (!/^[A-Za-z0-9_-]+$/.test(body)) return { ok: false, reason: 'malformed' };
  const sealed = Buffer.from(body, 'base64url');
  if (sealed.length <= IV_BYTES + TAG_BYTES) return { ok: false, reason: 'malformed' };
  let plain: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    plain =
      decipher.update(sealed.subarray(IV_BYTES, sealed.length - TAG_BYTES), undefined, 'utf8') +
      decipher.final('utf8');
  } catch {
    // Another key, or any byte changed: GCM's tag does not match.
    return { ok: false, reason: 'tampered' };
  }
  const claims = readClaims(plain);
  if (claims === null) return { ok: false, reason: 'malformed' };
  if (claims.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

function readClaims(plain: string): FeedClaims | null {
  let data: unknown;
  try {
    data = JSON.parse(plain);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { s, u, e } = data as Record<string, unknown>;
  if (typeof s !== 'string' || s === '' || typeof u !== 'string' || u === '') return null;
  if (typeof e !== 'number' || !Number.isSafeInteger(e)) return null;
  return { sid: s, user: u, expiresAt: e };
}
