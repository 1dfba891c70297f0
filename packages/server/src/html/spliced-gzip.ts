import { constants, crc32, deflateRawSync } from 'node:zlib';
import { crc32Continuation } from './crc32-shift.js';

/**
 * gzip of `parts.join(filler)` where the parts are fixed and the filler (a CSP nonce) changes per response:
 * each part is compressed once, here, and a response only stores its filler between them as they are. That
 * is one gzip member with one deflate stream (RFC 1951, 1952), which every browser reads:
 * - each part is compressed on its own and flushed with Z_SYNC_FLUSH, which ends it on a byte boundary
 *   with no final-block bit; its back-references stay inside the part, so they hold wherever it lands;
 * - the filler goes in a stored (uncompressed) block, also byte-aligned;
 * - an empty stored block with the final bit ends the stream; the trailer carries the CRC-32 and length of
 *   the whole text: per response, the CRC runs over the fillers only and steps over each part with a table
 *   made here (crc32-shift.ts), since running it over the page's tens of kilobytes was a tenth of the cost.
 * Compressing the whole page per response instead cost about two milliseconds of CPU each (bench --load).
 */
export type GzipSplice = (filler: string) => Buffer;

/** ID1 ID2 CM=deflate FLG=0 MTIME=0 XFL=0 OS=unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A stored block, final bit set, length 0 (LEN 0x0000, NLEN 0xffff). */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/** A stored block holds at most this many bytes. */
const MAX_STORED = 0xffff;

/** Deflate looks back at most this far. */
const WINDOW = 32 * 1024;

/**
 * `fillerLength` is the filler's length in bytes, the same for every response (a nonce's is): each part is
 * compressed with what precedes it as its dictionary, the filler's places as NUL bytes, so it may refer back
 * to earlier parts as one gzip of the whole page would. Text holds no NUL, so no reference can reach into a
 * filler's place, whose bytes change per response; were a NUL in a part, parts are compressed alone.
 */
export function createGzipSplice(parts: readonly string[], fillerLength: number): GzipSplice {
  if (!Number.isInteger(fillerLength) || fillerLength < 0 || fillerLength > MAX_STORED)
    throw new RangeError(`a spliced filler must be 0 to ${MAX_STORED} bytes long`);
  const raw = parts.map((part) => Buffer.from(part, 'utf8'));
  const linked = !raw.some((bytes) => bytes.includes(0));
  const placeholder = Buffer.alloc(fillerLength);
  let before = Buffer.alloc(0);
  const compressed = raw.map((bytes, i) => {
    if (i > 0) before = Buffer.concat([before, placeholder]).subarray(-WINDOW);
    const out =
      bytes.length === 0
        ? Buffer.alloc(0)
        : deflateRawSync(bytes, {
            level: constants.Z_BEST_COMPRESSION,
            finishFlush: constants.Z_SYNC_FLUSH,
            ...(linked && before.length > 0 ? { dictionary: before } : {}),
          });
    before = Buffer.concat([before, bytes]).subarray(-WINDOW);
    return out;
  });
  const continued = raw.map(crc32Continuation);
  // A filler's CRC is taken once per response and stepped forward at each of its places, like a part's.
  const fillerCrc = crc32Continuation(Buffer.alloc(fillerLength));
  const fillerOffset = fillerCrc(0);
  // What lies between two fillers never changes: each part's deflate bytes, then the next stored block's
  // header (its length is the filler's, the same every time). One copy per gap per response.
  const storedHeader = Buffer.from([
    0x00,
    fillerLength & 0xff,
    fillerLength >>> 8,
    ~fillerLength & 0xff,
    (~fillerLength >>> 8) & 0xff,
  ]);
  const gaps = compressed.map((bytes, i) =>
    Buffer.concat([
      ...(i === 0 ? [GZIP_HEADER] : []),
      bytes,
      i < compressed.length - 1 ? storedHeader : FINAL_EMPTY_BLOCK,
    ]),
  );
  const rawLength = raw.reduce((sum, bytes) => sum + bytes.length, 0);
  const size = gaps.reduce((sum, gap) => sum + gap.length, 0) + fillerLength * (raw.length - 1) + 8;
  const textLength = (rawLength + fillerLength * (raw.length - 1)) % 2 ** 32;
  return (filler) => {
    const fillLength = Buffer.byteLength(filler, 'utf8');
    if (fillLength !== fillerLength)
      throw new RangeError(`a spliced filler must be ${fillerLength} bytes, not ${fillLength}`);
    const out = responseBuffer(size);
    let at = gaps[0]!.copy(out, 0);
    let crc = continued[0]!(0);
    const firstFiller = at;
    let fillerOwnCrc = 0;
    for (let i = 1; i < gaps.length; i += 1) {
      if (i === 1) {
        out.write(filler, at, 'utf8');
        // Then crc32(filler, crc) = M(crc) ^ crc32(filler, 0), M read off the zero filler (crc32-shift.ts).
        fillerOwnCrc = crc32(out.subarray(at, at + fillerLength), 0);
      } else {
        out.copy(out, at, firstFiller, firstFiller + fillerLength);
      }
      at += fillerLength;
      crc = (fillerCrc(crc) ^ fillerOffset ^ fillerOwnCrc) >>> 0;
      at += gaps[i]!.copy(out, at);
      crc = continued[i]!(crc);
    }
    out.writeUInt32LE(crc, at);
    out.writeUInt32LE(textLength, at + 4);
    return out;
  };
}

/** Responses are carved from slabs, as Node's own Buffer pool does for small buffers: an allocation each cost more. */
const SLAB_BYTES = 512 * 1024;
let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let slabUsed = 0;

/**
 * A buffer of its own for one response. Views of one slab never overlap and a slab is never reused, so an
 * answer still being written keeps its bytes; a slab is freed once no answer holds a view of it.
 */
function responseBuffer(size: number): Buffer {
  if (size > SLAB_BYTES / 8) return Buffer.allocUnsafe(size);
  if (slabUsed + size > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    slabUsed = 0;
  }
  const out = slab.subarray(slabUsed, slabUsed + size);
  // Eight-byte aligned, as Node's pool keeps its views.
  slabUsed += (size + 7) & ~7;
  return out;
}
