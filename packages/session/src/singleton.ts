import { createSessionStore } from './store.js';
import type { SessionStore } from './store.js';

/** The page's one session (shared through the import map, so every app reads the same one). */
export const session: SessionStore = createSessionStore();
