/**
 * The Releases panel's calls to the release API (docs/releases.md, "HTTP API"): root only, checked again
 * by the server. The session cookie authenticates (the panel runs in the shell and on legacy pages alike).
 * Framework-free; `fetch` is injected so tests can answer for the server.
 */
export interface ReleaseChangeView {
  kind: string;
  app?: string;
  version?: string;
  summary: string;
}

export interface ReleaseSummaryView {
  id: string;
  createdAt: string;
  author: string;
  change: ReleaseChangeView;
}

export interface CanaryView {
  name: string;
  version: string;
  audience: { roles: string[] } | { percent: number };
}

export interface ReleasesOverview {
  live:
    | (ReleaseSummaryView & {
        modules: { name: string; kind: string; version: string }[];
        canaries: CanaryView[];
      })
    | null;
  history: ReleaseSummaryView[];
  /** Apps whose canary this user is trying. */
  trying: string[];
}

export class ReleasesApiError extends Error {
  override readonly name = 'ReleasesApiError';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ReleasesClient {
  overview(signal?: AbortSignal): Promise<ReleasesOverview>;
  rollback(app: string): Promise<ReleaseSummaryView>;
  tryCanary(app: string, on: boolean): Promise<string[]>;
}

/**
 * `urlOf`: Atrium's address for a path. On a legacy page of another host (an embed origin) the release API
 * is Atrium's, not the page's: the calls go there with Atrium's cookie (CORS with credentials, which the
 * server allows these endpoints for a listed embed origin).
 */
export function createReleasesClient(
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
  urlOf: (path: string) => string = (path) => path,
): ReleasesClient {
  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<T> {
    const response = await fetchFn(urlOf(`/lapi/releases${path}`), {
      method,
      credentials: 'include',
      cache: 'no-store',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    });
    const parsed = (await response.json().catch(() => null)) as {
      data?: T;
      error?: { code?: string; message?: string };
    } | null;
    if (!response.ok || parsed?.data === undefined)
      throw new ReleasesApiError(
        parsed?.error?.code ?? 'unexpected',
        parsed?.error?.message ?? `The server answered ${response.status}.`,
      );
    return parsed.data;
  }
  return {
    overview: (signal) => call<ReleasesOverview>('GET', '', undefined, signal),
    rollback: async (app) =>
      (await call<{ release: ReleaseSummaryView }>('POST', '/rollback', { app })).release,
    tryCanary: async (app, on) =>
      (await call<{ trying: string[] }>('POST', '/try-canary', { app, on })).trying,
  };
}
