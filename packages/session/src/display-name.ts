/**
 * A user's name as the apps show it. A module of its own, apart from helpers.ts: the legacy widgets entry
 * reads helpers.ts (the notice rules, who sees the toolbar) and only the toolbar chunk shows a name.
 */
import type { SessionUser } from '@atrium/api';

/** The preferred name when there is one, else "first last". */
export function displayName(
  user: Pick<SessionUser, 'first_name' | 'last_name' | 'preferred_name'> | null | undefined,
): string {
  if (!user) return '';
  const preferred = user.preferred_name?.trim();
  if (preferred) return preferred;
  return [user.first_name.trim(), user.last_name.trim()].filter(Boolean).join(' ');
}
