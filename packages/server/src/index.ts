/**
 * @atrium/server: the reference backend. `createServer(options)` builds a Fastify instance; `main.ts` is
 * the CLI that listens on 127.0.0.1:PORT.
 */
export { createServer } from './server.js';
export type { AtriumServer } from './server.js';
export { resolveOptions, OptionsError, REPO_ROOT } from './options.js';
export type { ServerOptions, ResolvedOptions, AtriumEnv, StorageKind } from './options.js';
export type { ServerContext } from './context.js';
export { HttpError, errorBody } from './errors.js';
export type { Storage, PutOptions, StoredObject } from './storage/types.js';
export { createLocalStorage } from './storage/local.js';
export { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './auth.js';
export { DEMO_PASSWORD } from './demo-data/users.js';
export { safeSameOriginPath } from './legacy/safe-path.js';
export { SETTINGS, settingsTable, settingsEnvironment } from './settings.js';
export type { Setting } from './settings.js';
