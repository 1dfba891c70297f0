import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Continuation } from './crc32-shift.js';

describe('CRC-32 continued over fixed bytes without reading them', () => {
  it('equals zlib continuing over the bytes, from any start and for any length', () => {
    for (const length of [1, 3, 255, 4096, 70_000]) {
      const bytes = randomBytes(length);
      const next = crc32Continuation(bytes);
      for (const start of [0, 1, 0xffffffff, 0x80000000, randomBytes(4).readUInt32LE(0)]) {
        expect(next(start)).toBe(crc32(bytes, start));
      }
    }
  });

  it('leaves the CRC as it is over no bytes', () => {
    // (zlib.crc32 of an empty buffer without backing memory answers 0 rather than its start.)
    expect(crc32Continuation(Buffer.alloc(0))(0x12345678)).toBe(0x12345678);
  });

  it('gives the CRC of a text joined around changing fillers', () => {
    const parts = ['<p nonce="', '">' + 'text '.repeat(5000), '</p>'].map((part) => Buffer.from(part));
    const continued = parts.map(crc32Continuation);
    const filler = randomBytes(18).toString('base64url');
    let crc = continued[0]!(0);
    for (const next of continued.slice(1)) crc = next(crc32(filler, crc));
    expect(crc).toBe(crc32(Buffer.from(parts.map(String).join(filler))));
  });
});
