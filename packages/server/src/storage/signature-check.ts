import { Transform, type TransformCallback } from 'node:stream';

export class UploadContentError extends Error {
  override readonly name = 'UploadContentError';
  readonly code = 'wrong-type';
}

/**
 * The first bytes of each accepted container: WebM is an EBML document (1A 45 DF A3); MP4 is an ISO base
 * media file whose first box is `ftyp` (bytes 4 to 7). Two fixed signatures, checked in-stream on the first
 * 8 bytes, so the body is never buffered ahead of the size limit to find out.
 */
const SIGNATURES: Record<'webm' | 'mp4', (head: Buffer) => boolean> = {
  webm: (head) => head.readUInt32BE(0) === 0x1a45dfa3,
  mp4: (head) => head.toString('latin1', 4, 8) === 'ftyp',
};
const HEAD_BYTES = 8;

/**
 * Pass the body through once its first bytes match the declared container; fail otherwise, so a file that
 * only claims to be a video (an HTML page, a script) is never stored.
 */
export function createSignatureCheck(ext: 'webm' | 'mp4'): Transform {
  let head: Buffer | null = Buffer.alloc(0);
  const refuse = () => new UploadContentError(`The file is not a ${ext.toUpperCase()} video.`);
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (head === null) {
        callback(null, chunk);
        return;
      }
      head = Buffer.concat([head, chunk]);
      if (head.length < HEAD_BYTES) {
        callback();
        return;
      }
      const whole = head;
      head = null;
      if (!SIGNATURES[ext](whole)) callback(refuse());
      else callback(null, whole);
    },
    flush(callback: TransformCallback) {
      // Shorter than any video header: nothing to store.
      callback(head === null ? undefined : refuse());
    },
  });
}
