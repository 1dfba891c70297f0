/**
 * Debian's redis-server on a free 127.0.0.1 port, in the foreground, no persistence (a test's data dies
 * with it), stopped by its pid. Stopping and starting again on the same port is how the multi-instance
 * suite takes Redis away mid-run and brings it back.
 */
import { mkdtempSync } from 'node:fs';
import { Redis } from 'ioredis';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureDebianPackages } from './debian.js';
import { freePort } from './ports.js';
import { spawnServer, type RunningServer } from './process.js';

const REDIS = '/usr/bin/redis-server';

export interface RunningRedis extends RunningServer {
  /** redis://127.0.0.1:<port> */
  readonly url: string;
}

export async function startRedis(options: { port?: number } = {}): Promise<RunningRedis> {
  ensureDebianPackages({ [REDIS]: 'redis-server' });
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(path.join(tmpdir(), 'atrium-redis-'));
  const server = await spawnServer(
    REDIS,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--protected-mode',
      'yes',
      '--daemonize',
      'no',
      '--loglevel',
      'warning',
    ],
    { port, name: 'redis-server' },
  );
  return { port, pid: server.pid, stop: server.stop, url: `redis://127.0.0.1:${port}` };
}

/**
 * Redis taken away mid-run: stopped now; the function returned brings it back on the same port, empty (a
 * restart without persistence), where the instances' reconnects find it.
 */
export async function stopRedisForAWhile(redis: RunningRedis): Promise<() => Promise<RunningRedis>> {
  const { port } = redis;
  await redis.stop();
  return () => startRedis({ port });
}

/** Forgets the login limit's counts (every attempt of a suite comes from 127.0.0.1). */
export async function clearLoginLimits(redis: RunningRedis): Promise<void> {
  const client = new Redis(redis.url);
  try {
    const keys = await client.keys('atrium-rate-limit:*');
    if (keys.length > 0) await client.del(...keys);
  } finally {
    client.disconnect();
  }
}
