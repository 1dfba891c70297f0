import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createGzipSplice } from './spliced-gzip.js';

const nonce = (): string => randomBytes(18).toString('base64url');

describe('gzip spliced around a filler', () => {
  it('is one gzip of the whole text, for every filler', () => {
    const parts = [
      '<!doctype html><script nonce="',
      '">start()</script><link rel="preload" nonce="',
      '"><p>' + 'The same paragraph again. '.repeat(400) + '</p><style nonce="',
      '">p{color:#123}</style>',
    ];
    const splice = createGzipSplice(parts, 24);
    for (const filler of [nonce(), nonce(), nonce()]) {
      const gz = splice(filler);
      expect(gz.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
      expect(gunzipSync(gz).toString('utf8')).toBe(parts.join(filler));
    }
  });

  it('gives every response bytes of its own, whole while later ones are made', () => {
    const parts = ['<script nonce="', '">' + 'x'.repeat(5000) + '</script><style nonce="', '"></style>'];
    const splice = createGzipSplice(parts, 24);
    const answers = Array.from({ length: 300 }, () => {
      const filler = nonce();
      return { filler, gz: splice(filler) };
    });
    for (const { filler, gz } of answers) expect(gunzipSync(gz).toString('utf8')).toBe(parts.join(filler));
  });

  it('compresses the parts as well as one gzip of the page, less the fillers', () => {
    const links = Array.from(
      { length: 300 },
      (_, i) => `<link rel="preload" href="/assets/m${i}.js" integrity="sha384-${i}">`,
    ).join('\n');
    const once = createGzipSplice([links], 24)(nonce()).length;
    const thrice = createGzipSplice([links, links, links], 24)(nonce());
    // Later parts refer back to earlier ones: three copies cost little more than one.
    expect(thrice.length).toBeLessThan(once * 1.5);
    expect(gunzipSync(thrice).toString()).toContain(`${links}`);
  });

  it('holds for parts past the 32 KiB window, multi-byte text, empty parts and no filler at all', () => {
    const long = Array.from({ length: 3000 }, (_, i) => `<li>item ${i} — ü</li>`).join('');
    const parts = ['', long, '', `${long}end`, ''];
    const filler = nonce();
    expect(gunzipSync(createGzipSplice(parts, 24)(filler)).toString()).toBe(parts.join(filler));
    expect(gunzipSync(createGzipSplice(['just one part'], 24)(filler)).toString()).toBe('just one part');
  });

  it('compresses parts alone when one holds a NUL, and stays correct', () => {
    const parts = ['before\u0000', 'after'];
    const filler = nonce();
    expect(gunzipSync(createGzipSplice(parts, 24)(filler)).toString()).toBe(parts.join(filler));
  });

  it('refuses a filler of another length than the one it was made for', () => {
    expect(() => createGzipSplice(['a', 'b'], 24)('short')).toThrow(/24 bytes, not 5/);
  });
});
