import { randomBytes } from 'node:crypto';

/** An unguessable identifier (session ids, tokens, states, nonces): 256 bits, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
