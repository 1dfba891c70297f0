import { randomBytes } from 'node:crypto';

/** An unguessable identifier (session ids, tokens, states, nonces): 256 bits, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/**
 * The same, for a token made on every page load (the CSP nonce): bytes from the system's CSPRNG taken a
 * few kilobytes at a time and each used once, since one call per token cost more than the rest of the
 * token. Never for long-lived secrets, which keep randomToken.
 */
export function createTokenSource(bytes: number, tokensPerRefill = 256): () => string {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + bytes > pool.length) {
      pool = randomBytes(bytes * tokensPerRefill);
      offset = 0;
    }
    const token = pool.toString('base64url', offset, offset + bytes);
    offset += bytes;
    return token;
  };
}
