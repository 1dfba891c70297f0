/**
 * What the console says when the page's session could not be read. Loaded only then (a dynamic import from
 * cookie-session.ts): the explanations are long, and a signed-out visitor, the usual case on a legacy
 * page, never needs them, so they stay out of the student's entry.
 */
import { isApiError } from '@atrium/api/transport';

/**
 * The console line for a session that failed for a deployment reason, naming the setting to fix (a bare
 * 403 or a CORS failure is the hardest fault for an operator to trace); null for other failures.
 */
export function deploymentProblem(error: unknown, apiOrigin: string, pageOrigin: string): string | null {
  if (!isApiError(error)) return null;
  const where = `[atrium-widgets] Atrium at ${apiOrigin} refused the widgets on this page (${pageOrigin})`;
  if (error.code === 'forbidden') return `${where}: ${error.message} See docs/deploy.md.`;
  if (error.code === 'network' && apiOrigin !== pageOrigin) {
    return (
      `${where}, or could not be reached. A page of another origin needs its origin listed in ` +
      `ATRIUM_EMBED_ORIGINS on the Atrium server, and must be on the same site (see docs/deploy.md).`
    );
  }
  return null;
}

/** Prints the session's failure: a deployment fault as an error naming the setting, anything else as a warning. */
export function reportSessionFailure(error: unknown, apiOrigin: string, pageOrigin: string): void {
  const problem = deploymentProblem(error, apiOrigin, pageOrigin);
  if (problem !== null) console.error(problem);
  else console.warn('[atrium-widgets] could not read the legacy session', error);
}
