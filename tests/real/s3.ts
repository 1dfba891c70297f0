/**
 * An S3 API server from npm (s3rver) on a free 127.0.0.1 port, with the buckets a test needs (readable by
 * browsers of given origins), files under a temporary directory. It runs in the test's own process: stopping it closes its listener.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { freePort } from './ports.js';
import type { RunningServer } from './process.js';

export interface RunningS3 extends RunningServer {
  /** http://127.0.0.1:<port>: the endpoint for the SDK (path-style addressing). */
  readonly endpoint: string;
  /** Static credentials s3rver accepts (it checks the signature's form, not the keys). */
  readonly credentials: { accessKeyId: string; secretAccessKey: string };
}

/**
 * A bucket's CORS rules, as S3 takes them (PutBucketCors): browsers on these origins may read its objects
 * with CORS, which `crossorigin` script loads (and their SRI check) need. s3rver serves objects to anyone
 * without credentials, as a public-read bucket or a CDN in front of one does.
 */
function corsConfig(origins: readonly string[]): string {
  const allowed = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

const DEPLOY_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/deploy.md');

/**
 * The bucket CORS rule docs/deploy.md tells operators to set on the assets bucket, as written there (the
 * `xml` block in its section on release files on S3): tests set exactly that, so the page and the tests
 * cannot drift apart.
 */
export function documentedBucketCors(): string {
  const doc = readFileSync(DEPLOY_DOC, 'utf8');
  const rule = /```xml\n(<CORSConfiguration>[\s\S]*?<\/CORSConfiguration>)\n```/.exec(doc)?.[1];
  if (!rule) throw new Error(`${DEPLOY_DOC}: no \`\`\`xml block with a <CORSConfiguration> in it`);
  return rule;
}

export async function startS3(options: {
  buckets: string[];
  /** Origins whose pages load the buckets' objects in a browser (`*` for any). */
  corsOrigins?: readonly string[];
  /** A CORS configuration as S3 takes it (XML), instead of `corsOrigins`: documentedBucketCors(). */
  cors?: string;
}): Promise<RunningS3> {
  const port = await freePort();
  const directory = mkdtempSync(path.join(tmpdir(), 'atrium-s3-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: options.buckets.map((name) => ({
      name,
      configs: options.cors ? [options.cors] : options.corsOrigins ? [corsConfig(options.corsOrigins)] : [],
    })),
  });
  await server.run();
  return {
    port,
    pid: process.pid,
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    stop: () => server.close(),
  };
}
