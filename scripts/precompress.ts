/**
 * Writes `.gz` (level 9) and `.br` (quality 11) beside every text asset of a production build, once, at
 * build time. The server sends them as they are (@fastify/static `preCompressed`): users download the
 * smallest encoding, the server spends no CPU compressing on each request, and the bytes on the wire are
 * the bytes the size budgets measure.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|svg|json|html)$/;
/** Below this, the encoding headers cost about what compression saves. */
const MIN_BYTES = 512;

export interface PrecompressResult {
  files: number;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export function precompressDir(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  for (const entry of readdirSync(dir, { recursive: true })) {
    const file = path.join(dir, String(entry));
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const gzip = gzipSync(content, { level: 9 });
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    writeFileSync(`${file}.gz`, gzip);
    writeFileSync(`${file}.br`, brotli);
    result.files += 1;
    result.bytes += content.length;
    result.gzipBytes += gzip.length;
    result.brotliBytes += brotli.length;
  }
  return result;
}
