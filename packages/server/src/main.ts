/**
 * CLI: `npm run serve` (node packages/server/dist/main.js [--proxy URL], compiled by `npm run build`).
 * Listens on HOST:PORT (default 127.0.0.1:8080) and shuts down gracefully on SIGINT/SIGTERM
 * (service/shutdown.ts). A wrong setting stops it here with one line.
 */
import { parseArgs } from 'node:util';
import { assertDemoAllowed, isPublicDemo, parseListenHost } from './deploy-options.js';
import { resolveOptions } from './options.js';
import { createServer } from './server.js';
import { exitOnSignals } from './service/shutdown.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { proxy: { type: 'string' } }, allowPositionals: false });
  const port = Number(process.env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${process.env['PORT']}"`);
  const host = parseListenHost(process.env['HOST']);
  const input = {
    ...(values.proxy !== undefined ? { proxy: values.proxy } : {}),
    logger: { level: process.env['LOG_LEVEL'] ?? 'info' },
  };
  // Before anything is created or listens: the demo backend on a public server is refused outright.
  assertDemoAllowed(resolveOptions(input), host);
  const app = await createServer(input);
  exitOnSignals(app, app.atrium.options.shutdownGraceMs);
  if (isPublicDemo(app.atrium.options, host)) {
    app.log.warn(
      { demo: true },
      'DEMO backend on a public server (ATRIUM_DEMO=1): demo accounts with the published password can sign in; set ATRIUM_PROXY for the real backend',
    );
  }
  await app.listen({ port, host });
  const address = app.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const { env, lockdown, proxy, publicOrigins, trustProxy } = app.atrium.options;
  if (publicOrigins.length > 0 && trustProxy === false) {
    // Not an error (the front door may not send X-Forwarded-For at all), but rarely what is meant.
    console.warn(
      "ATRIUM_PUBLIC_ORIGIN is set but ATRIUM_TRUST_PROXY is not: every sign-in attempt counts against the proxy's address (docs/deploy.md)",
    );
  }
  const listening = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}/`;
  const publicAt = publicOrigins.length > 0 ? `, public at ${publicOrigins.join(', ')}` : '';
  console.log(
    `Atrium server: ${listening} (${env}${lockdown ? ', lockdown' : ''}${proxy ? `, proxy to ${proxy}` : ''}${publicAt})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});
