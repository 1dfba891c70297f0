/**
 * For specs that need a server of their own (lockdown mode, development mode): starts the reference server
 * on 127.0.0.1 with an ephemeral port and the given environment, and stops it.
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningServer {
  url: string;
  /** The server process, to be stopped by it. */
  pid: number;
  close(): Promise<void>;
}

export interface StartServerOptions {
  env?: Record<string, string>;
  /** How long to wait for the server to listen. */
  timeoutMs?: number;
}

export class ServerStartError extends Error {
  readonly code = 'server-start-failed';
  constructor(message: string) {
    super(message);
    this.name = 'ServerStartError';
  }
}

/**
 * Spawns `node --import tsx packages/server/src/main.ts` with PORT=0 and reads the address it logs. The server logs its
 * listening URL (Fastify's "Server listening at http://127.0.0.1:NNNN"); that line is the handshake.
 */
export function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  // Node with tsx's loader rather than the tsx command, which runs the server as a child of its own: the
  // pid is then the server's (tests count its open descriptors) and signals reach it directly.
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ATRIUM_ENV: 'production',
      ATRIUM_LOGIN_RATE_LIMIT: '1000',
      ATRIUM_SESSIONS_PER_ACCOUNT: '1000',
      ATRIUM_SSO_START_RATE_LIMIT: '1000',
      // No release store unless the spec gives one (docs/releases.md): the build in dist/ is served.
      ATRIUM_RELEASES_DIR: path.join(os.tmpdir(), 'atrium-e2e-no-releases'),
      ...options.env,
      PORT: '0',
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise<RunningServer>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void close();
      reject(
        new ServerStartError(`server did not start within ${options.timeoutMs ?? 30_000} ms:\n${output}`),
      );
    }, options.timeoutMs ?? 30_000);
    let listening = false;
    const onData = (chunk: Buffer): void => {
      // Once listening, its output is still read (a full pipe would stall the server) but not kept: under
      // load (bench --load) a growing copy searched on every chunk would slow the process measuring.
      if (listening) return;
      output += chunk.toString();
      const match = /https?:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match?.[1] && match[1] !== '0') {
        listening = true;
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${match[1]}`, pid: child.pid ?? -1, close });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new ServerStartError(`server exited with ${code ?? 'a signal'} before listening:\n${output}`));
    });
  });
}
