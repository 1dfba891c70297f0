/** Loopback ports for the servers a test starts: a free one, and waiting until one accepts connections. */
import { createServer, connect } from 'node:net';

/** A port that was free on 127.0.0.1 a moment ago (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once 127.0.0.1:`port` accepts a connection; rejects after `timeoutMs` or when `failed()` says so. */
export async function waitForPort(
  port: number,
  { timeoutMs = 20_000, failed }: { timeoutMs?: number; failed?: () => string | null } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed?.();
    if (reason) throw new Error(reason);
    if (await accepts(port)) return;
    if (Date.now() > deadline)
      throw new Error(`nothing accepted connections on 127.0.0.1:${port} in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
