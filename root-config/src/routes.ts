/**
 * Which application owns a path. Login owns `/common/login` and everything under it; the shell owns every
 * other path (its own route table decides what to show, including not-found).
 */
import { LOGIN_PATH, isPathUnder } from '@atrium/api';
export const LOGIN_APP = '@atrium/login';
export const SHELL_APP = '@atrium/shell';
export function isLoginPath(pathname: string): boolean {
  return isPathUnder(pathname, LOGIN_PATH);
}

/** single-spa activity functions take a Location; only the pathname matters here. */
export const loginActive = (location: Pick<Location, 'pathname'>): boolean => isLoginPath(location.pathname);
export const shellActive = (location: Pick<Location, 'pathname'>): boolean => !isLoginPath(location.pathname);
