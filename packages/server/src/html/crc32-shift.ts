import { crc32 } from 'node:zlib';

/**
 * CRC-32 (zlib's) of a text whose parts are fixed, computed without reading them again: for a part B,
 * `crc32(B, start)` is affine in `start` over GF(2) (the register steps are linear, the pre- and post-
 * inversions constant), so `crc32(B, start) = M(start) ^ crc32(B, 0)` where M depends only on B's length.
 * M is found once from a run over that many zero bytes, per bit of `start`, and kept as four byte tables:
 * applying it costs four look-ups instead of a pass over B. The spliced page (spliced-gzip.ts) needs the
 * whole page's CRC per response; its parts are tens of kilobytes, its nonces 24 bytes.
 */
export type Crc32Continue = (start: number) => number;

/** `crc32(bytes, start)` for any `start`, in constant time: bytes are read once, here. */
export function crc32Continuation(bytes: Uint8Array): Crc32Continue {
  const own = crc32(bytes, 0);
  const shift = crc32Shift(bytes.length);
  return (start) => (shift(start) ^ own) >>> 0;
}

/** M of the header comment, for `length` bytes. */
function crc32Shift(length: number): (start: number) => number {
  if (length === 0) return (start) => start >>> 0;
  const zeros = Buffer.alloc(length);
  const offset = crc32(zeros, 0);
  const bits = new Uint32Array(32);
  for (let bit = 0; bit < 32; bit += 1) bits[bit] = (crc32(zeros, 2 ** bit) ^ offset) >>> 0;
  // M is linear: the image of a byte value is the XOR of its set bits' images, built from smaller values.
  const tables = [0, 1, 2, 3].map((byte) => {
    const table = new Uint32Array(256);
    for (let value = 1; value < 256; value += 1) {
      const low = value & -value;
      table[value] = table[value ^ low]! ^ bits[byte * 8 + Math.log2(low)]!;
    }
    return table;
  });
  const [t0, t1, t2, t3] = tables as [Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  return (start) =>
    (t0[start & 0xff]! ^ t1[(start >>> 8) & 0xff]! ^ t2[(start >>> 16) & 0xff]! ^ t3[start >>> 24]!) >>> 0;
}
