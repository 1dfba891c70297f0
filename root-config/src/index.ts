/**
 * `@atrium/root-config`: the first System module of every page (index.html imports it). Unlike the other
 * packages' barrels, importing it starts the page, because that is its one job; the named exports are for
 * tests and tools.
 */
import { addErrorHandler, getMountedApps, registerApplication, start } from 'single-spa';
import type * as SessionModule from '@atrium/session';
import { enableDevOverrides, pageEnvironment } from './dev-overrides';
import { createErrorHandler } from './error-alert';
import { createLazyPageBoot } from './lazy-boot';
import { RootConfigError } from './errors';
import { startRootConfig } from './start';
import { applicationLoader, systemLoader } from './system-loader';

// Types only from boot.ts: a value export would pull the boot sequence back into this module (see lazy-boot.ts).
export type { BootOutcome, BootDeps, BootSession } from './boot';
export { createLazyPageBoot } from './lazy-boot';
export type { PageBoot } from './lazy-boot';
export { startRootConfig } from './start';
export type { RootConfigDeps, RootConfigOutcome, ApplicationRegistration } from './start';
export { createErrorHandler, describeApplicationError } from './error-alert';
export { enableDevOverrides, pageEnvironment } from './dev-overrides';
export { applicationLoader, systemLoader } from './system-loader';
export { isLoginPath, loginActive, shellActive, LOGIN_APP, SHELL_APP } from './routes';
export { syncFrame } from './frame';
export { RootConfigError } from './errors';

const errorHandler = createErrorHandler();

// The boot sequence is a chunk and the session store a System module, both fetched at the first boot
// (lazy-boot.ts). The shell page boots at once and its own static graph preloads @atrium/session.
const boot = createLazyPageBoot(
  () => import(/* webpackChunkName: "boot" */ './boot'),
  async () => {
    const module = (await systemLoader().import('@atrium/session')) as Partial<typeof SessionModule>;
    if (!module.session || !module.startFromBoot) {
      throw new RootConfigError('no-session', '@atrium/session exports no session store');
    }
    return { session: module.session, startFromBoot: module.startFromBoot };
  },
  undefined,
  // Its code not loaded, the boot has no store to show a Retry with: the page's load error says so.
  (error) =>
    errorHandler({
      appOrParcelName: '@atrium/root-config',
      message: `the boot sequence did not load: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    }),
);

void startRootConfig({
  registerApplication: (config) => registerApplication(config),
  addErrorHandler,
  start,
  getMountedApps,
  loadApplication: (name) => applicationLoader(name),
  errorHandler,
  boot,
  prepare: boot.prepare,
  beforeRegister: () =>
    enableDevOverrides({
      env: pageEnvironment(process.env.ATRIUM_ENV),
      // A separate chunk: production pages never download it.
      loadOverrides: () => import('import-map-overrides'),
      system: systemLoader,
    }),
  location: window.location,
  addWindowListener: (type, listener) => window.addEventListener(type, listener),
}).catch(errorHandler);
