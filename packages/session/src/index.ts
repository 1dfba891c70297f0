/**
 * @atrium/session: the one session store of the page (framework-free), its React hook, and the pure
 * helpers every app uses to read it. Shared through the import map, so all apps see one instance.
 */
export * from './core.js';
export { useSession } from './use-session.js';
