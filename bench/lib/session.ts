/**
 * Signing in without the UI, for flows that start signed in (area switches, legacy pages, Lighthouse):
 * the same call the login page makes, POST /common/login/login_actions.php, which sets the session cookie.
 */
import type { APIRequestContext } from 'playwright-core';

export const DEMO_PASSWORD = 'atrium-demo';
export const SESSION_COOKIE = 'atrium_sid';
const LOGIN_ACTIONS = '/common/login/login_actions.php';

/** The first company id in a lookup answer, for users with several organisations. */
function firstCompanyId(body: unknown): number | undefined {
  const text = JSON.stringify(body);
  const match = /"company_id":(\d+)/.exec(text);
  return match?.[1] ? Number(match[1]) : undefined;
}

/** Signs the context's cookie jar in (Playwright's request context shares cookies with its pages). */
export async function signIn(request: APIRequestContext, origin: string, username: string): Promise<void> {
  const post = (data: Record<string, unknown>) =>
    request.post(`${origin}${LOGIN_ACTIONS}`, { data, headers: { Origin: origin } });
  let response = await post({ action: 'login', username, password: DEMO_PASSWORD });
  if (response.status() === 400) {
    const lookup = await post({ action: 'lookup', username });
    const companyId = firstCompanyId(await lookup.json().catch(() => null));
    if (companyId !== undefined) {
      response = await post({ action: 'login', username, password: DEMO_PASSWORD, company_id: companyId });
    }
  }
  if (!response.ok()) throw new Error(`sign-in as ${username} failed: HTTP ${response.status()}`);
}

/** The same sign-in from Node (no browser), returning the session cookie for a Cookie header. */
export async function sessionCookie(origin: string, username: string): Promise<string> {
  const response = await fetch(`${origin}${LOGIN_ACTIONS}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ action: 'login', username, password: DEMO_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!response.ok || !cookie) throw new Error(`sign-in as ${username} failed: HTTP ${response.status}`);
  return cookie;
}
