import { describe, expect, it } from 'vitest';
import { chromeHidden, nextModes } from './modes';

describe('modes', () => {
  it('enters direct-link mode with ?direct=1 and keeps it when the query goes away', () => {
    const direct = nextModes(null, '?direct=1', false);
    expect(chromeHidden(direct)).toBe(true);
    expect(nextModes(direct, '', false)).toBe(direct);
    expect(chromeHidden(nextModes(direct, '?direct=0', false))).toBe(false);
  });

  it('enters standalone mode by query or display mode', () => {
    expect(nextModes(null, '?standalone=1', false).standalone).toBe(true);
    expect(nextModes(null, '', true).standalone).toBe(true);
    expect(chromeHidden(nextModes(null, '', false))).toBe(false);
  });
});
