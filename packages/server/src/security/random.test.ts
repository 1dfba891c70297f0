import { describe, expect, it } from 'vitest';
import { createNonce } from '../html/security-headers.js';
import { createTokenSource } from './random.js';

describe('a token source', () => {
  it('gives URL-safe tokens of its size, none repeated across refills of its pool', () => {
    const next = createTokenSource(18, 16);
    const tokens = Array.from({ length: 1000 }, next);
    for (const token of tokens) expect(token).toMatch(/^[\w-]{24}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it('makes the CSP nonces: 144 bits, a new one every time', () => {
    const nonces = Array.from({ length: 600 }, createNonce);
    expect(nonces.every((nonce) => /^[\w-]{24}$/.test(nonce))).toBe(true);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
