/**
 * A username as the demo backend compares it: Unicode NFKC (a full-width or compatibility form is the same
 * letters), surrounding white space of any kind dropped (a no-break space is white space), then lower case.
 * The account lookup and the per-account sign-in limit both key on this, so no spelling the backend would
 * accept as an account escapes that account's limit.
 */
export function comparableUsername(username: string): string {
  return username.normalize('NFKC').trim().toLowerCase();
}
