/** The reference server for the real-servers tests: production mode, the built dist/, its own port. */
import { startServer } from '../e2e/fixtures.js';
import type { RunningServer } from './process.js';

export async function startAtrium(
  options: { env?: Record<string, string> } = {},
): Promise<RunningServer & { origin: string }> {
  const server = await startServer({ env: options.env ?? {} });
  return { port: Number(new URL(server.url).port), pid: server.pid, origin: server.url, stop: server.close };
}
