/**
 * Graceful shutdown on SIGTERM/SIGINT (what systemd, Kubernetes and a rolling restart send):
 *
 *   1. /readyz answers 503 at once (probes.ts), so the front door stops choosing this instance;
 *   2. the listening socket closes: no new connection is accepted (the front door's next try goes to
 *      another instance); idle kept-alive connections close;
 *   3. requests in flight finish, up to ATRIUM_SHUTDOWN_GRACE_MS; then their connections are cut;
 *   4. Redis is closed (the server's onClose hooks), and the process exits 0.
 *
 * A second signal while closing changes nothing: the deadline already bounds the wait.
 */
import type { FastifyInstance } from 'fastify';
import { markClosing } from './probes.js';

export function closeGracefully(app: FastifyInstance, graceMs: number): Promise<void> {
  markClosing(app);
  const deadline = setTimeout(() => {
    app.log.warn({ graceMs }, 'shutdown grace over: cutting the connections still open');
    app.server.closeAllConnections();
  }, graceMs);
  deadline.unref();
  return app.close().finally(() => clearTimeout(deadline));
}

/** Wires the signals to closeGracefully; exits 0 once closed, 1 when closing itself failed. */
export function exitOnSignals(app: FastifyInstance, graceMs: number): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs }, 'shutting down: not ready, finishing the requests in flight');
    closeGracefully(app, graceMs).then(
      () => {
        app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
