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
  const rawLength = raw.reduce((sum, bytes) => sum + bytes.length, 0);
  const compressedLength = compressed.reduce((sum, bytes) => sum + bytes.length, 0);
  const storedLength = (5 + fillerLength) * (raw.length - 1);
  const size = GZIP_HEADER.length + compressedLength + storedLength + FINAL_EMPTY_BLOCK.length + 8;
  const textLength = (rawLength + fillerLength * (raw.length - 1)) % 2 ** 32;
  return (filler) => {
    const fillLength = Buffer.byteLength(filler, 'utf8');
    if (fillLength !== fillerLength)
      throw new RangeError(`a spliced filler must be ${fillerLength} bytes, not ${fillLength}`);
    const out = Buffer.allocUnsafe(size);
    let at = GZIP_HEADER.copy(out, 0);
    let crc = 0;
    for (let i = 0; i < raw.length; i += 1) {
      if (i > 0) {
        // A stored block: not final, the rest of its first byte padding, LEN and its complement, the bytes.
        out[at] = 0x00;
        out.writeUInt16LE(fillerLength, at + 1);
        out.writeUInt16LE(~fillerLength & 0xffff, at + 3);
        out.write(filler, at + 5, 'utf8');
        crc = crc32(filler, crc);
        at += 5 + fillerLength;
      }
      at += compressed[i]!.copy(out, at);
      crc = continued[i]!(crc);
    }
    at += FINAL_EMPTY_BLOCK.copy(out, at);
    out.writeUInt32LE(crc, at);
    out.writeUInt32LE(textLength, at + 4);
    return out;
  };
}
