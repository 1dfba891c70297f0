/**
 * The messages tabs exchange over BroadcastChannel('atrium-session'). Anything else that arrives (another
 * version of the app, a stray script) is ignored, never trusted.
 */
export type SessionChannelMessage =
  | { type: 'signed-out' }
  | { type: 'school-changed' }
  // A root user switched to another user, or switched back: every tab is now someone else.
  | { type: 'user-changed' };

export function parseChannelMessage(data: unknown): SessionChannelMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const type = (data as { type?: unknown }).type;
  if (type === 'signed-out' || type === 'school-changed' || type === 'user-changed') return { type };
  return null;
}
