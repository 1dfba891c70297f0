/**
 * An S3 API server from npm (s3rver) on a free 127.0.0.1 port, with the buckets a test needs, files under
 * a temporary directory. It runs in the test's own process: stopping it closes its listener.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './ports.js';
import type { RunningServer } from './process.js';

export interface RunningS3 extends RunningServer {
  /** http://127.0.0.1:<port>: the endpoint for the SDK (path-style addressing). */
  readonly endpoint: string;
  /** Static credentials s3rver accepts (it checks the signature's form, not the keys). */
  readonly credentials: { accessKeyId: string; secretAccessKey: string };
}

export async function startS3(options: { buckets: string[] }): Promise<RunningS3> {
  const port = await freePort();
  const directory = mkdtempSync(path.join(tmpdir(), 'atrium-s3-'));
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: options.buckets.map((name) => ({ name, configs: [] })),
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
