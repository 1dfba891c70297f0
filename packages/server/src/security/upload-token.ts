import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Upload addresses are `<id>.<expiry ms>.<HMAC-SHA256(id.expiry)>`: the server can tell a forged or
 * altered address (wrong signature) from an expired one without trusting anything the client sends.
 */
export function signUploadToken(secret: Buffer, id: string, expiresAt: number): string {
  const payload = `${id}.${expiresAt}`;
  return `${payload}.${mac(secret, payload)}`;
}

export type TokenCheck = { ok: true; id: string; expiresAt: number } | { ok: false };

export function verifyUploadToken(secret: Buffer, token: string): TokenCheck {
  const match = /^([A-Za-z0-9_-]{8,64})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false };
  const [, id, expiry, signature] = match as unknown as [string, string, string, string];
  const expected = Buffer.from(mac(secret, `${id}.${expiry}`));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return { ok: false };
  return { ok: true, id, expiresAt: Number(expiry) };
}

function mac(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}
