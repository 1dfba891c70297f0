/**
 * CLI: `npm run serve` (tsx packages/server/src/main.ts [--proxy URL]). Listens on HOST:PORT (default
 * 127.0.0.1:8080) and stops cleanly on SIGINT/SIGTERM. A wrong setting stops it here with one line.
 */
import { parseArgs } from 'node:util';
import { parseListenHost } from './deploy-options.js';
import { createServer } from './server.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { proxy: { type: 'string' } }, allowPositionals: false });
  const port = Number(process.env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, not "${process.env['PORT']}"`);
  const host = parseListenHost(process.env['HOST']);
  const app = await createServer({
    ...(values.proxy !== undefined ? { proxy: values.proxy } : {}),
    logger: { level: process.env['LOG_LEVEL'] ?? 'info' },
  });
  let closing = false;
  const stop = (signal: string): void => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
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
