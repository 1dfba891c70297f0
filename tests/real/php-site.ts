/**
 * A legacy PHP site in front of an Atrium that is already running: Debian's php-fpm for the pages and nginx
 * on one free 127.0.0.1 port, routing `/php/…` to PHP and everything else to Atrium (phpAndAtriumServer),
 * as a university's path routing does. The e2e suites and the bench's legacy-PHP rows all start it here.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { phpAndAtriumServer, startNginx } from './nginx.js';
import { startPhpFpm } from './php-fpm.js';
import { freePort } from './ports.js';
import type { RunningServer } from './process.js';

/** Realistic old PHP screens live under here (one folder per suite); nginx serves them as `/php/<folder>/`. */
export const PHP_ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'php');

export interface PhpSiteOptions {
  /**
   * The host name nginx answers to and the origin is named after: a test host that Chromium resolves with
   * --host-resolver-rules (`school.test`), or `127.0.0.1` for clients that do not (Node, Lighthouse).
   */
  host: string;
  /** The port Atrium listens on, on 127.0.0.1. */
  atriumPort: number;
  /** Environment of the PHP scripts (`getenv`), e.g. ATRIUM_WIDGETS_MANIFEST. */
  phpEnv?: Record<string, string>;
}

export interface PhpSite {
  /** `http://<host>:<nginx port>`: PHP under /php/, Atrium everywhere else. */
  origin: string;
  /** Stops nginx, then php-fpm, by their pids. */
  stop(): Promise<void>;
}

export async function startPhpSite(options: PhpSiteOptions): Promise<PhpSite> {
  const running: RunningServer[] = [];
  const stop = async () => {
    for (const server of running.splice(0).reverse()) await server.stop();
  };
  try {
    const php = await startPhpFpm({ env: options.phpEnv ?? {} });
    running.push(php);
    const port = await freePort();
    running.push(
      await startNginx({
        servers: phpAndAtriumServer({
          port,
          host: options.host,
          phpRoot: PHP_ROOT,
          phpPort: php.port,
          atriumPort: options.atriumPort,
        }),
      }),
    );
    return { origin: `http://${options.host}:${port}`, stop };
  } catch (error) {
    // Half a site is no site: whatever did start is stopped before the error goes up.
    await stop();
    throw error;
  }
}
