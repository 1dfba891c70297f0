/**
 * The login app owns this path and everything under it; the shell owns every other path.
 *
 * Alone in its module: the session store (in the legacy widgets' entry, 15 KB budget) needs only this one,
 * and a module that the toolbar chunk shares would be kept whole, as a module of its own, in the entry.
 */
export const LOGIN_PATH = '/common/login';
