import { describe, expect, it } from 'vitest';
import { feedCipherKey, openFeedToken, sealFeedToken } from './feed-token.js';

const key = feedCipherKey('k'.repeat(32));
const claims = { sid: 'session-id-of-the-visitor', user: 'student', expiresAt: 2_000_000 };

describe('notice feed tokens', () => {
  it('open to the claims they were sealed with, before they expire', () => {
    expect(openFeedToken(key, sealFeedToken(key, claims), 1_999_999)).toEqual({ ok: true, claims });
  });

  it('never show the session id to whoever holds them', () => {
    const token = sealFeedToken(key, claims);
    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token.slice(3), 'base64url').toString('latin1')).not.toContain(claims.sid);
    // A fresh nonce each time: two tokens of one session do not even look alike.
    expect(sealFeedToken(key, claims)).not.toBe(token);
  });

  it('are refused once expired', () => {
    expect(openFeedToken(key, sealFeedToken(key, claims), 2_000_000)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('are refused when any byte is changed, or when another key sealed them', () => {
    const token = sealFeedToken(key, claims);
    const bytes = Buffer.from(token.slice(3), 'base64url');
    for (const at of [0, 13, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = (changed[at] ?? 0) ^ 1;
      expect(openFeedToken(key, `v1.${changed.toString('base64url')}`, 0)).toEqual({
        ok: false,
        reason: 'tampered',
      });
    }
    const other = feedCipherKey('o'.repeat(32));
    expect(openFeedToken(other, token, 0)).toEqual({ ok: false, reason: 'tampered' });
  });

  it('are refused when they are not tokens at all', () => {
    for (const junk of [
      undefined,
      42,
      '',
      'v1.',
      'v2.abc',
      'v1.not base64!',
      'v1.' + 'A'.repeat(2000),
      'v1.AAAA',
    ]) {
      expect(openFeedToken(key, junk, 0)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
