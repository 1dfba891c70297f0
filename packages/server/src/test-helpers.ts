import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { createServer, type AtriumServer } from './index.js';
import type { ServerOptions } from './options.js';

export interface Running {
  app: AtriumServer;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

/** A real server on an ephemeral 127.0.0.1 port, with its own temporary upload directory. */
export async function startServer(options: ServerOptions = {}): Promise<Running> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-server-test-'));
  const app = await createServer({
    distDir: path.join(dataDir, 'no-dist'),
    dataDir: path.join(dataDir, 'uploads'),
    env: 'production',
    lockdown: false,
    proxy: null,
    storage: 'local',
    // Never the developer's var/releases: a test sees a release only when it publishes one.
    releasesDir: path.join(dataDir, 'releases'),
    ...options,
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    dataDir,
    async close() {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client: keeps the session cookie and, once known, the bearer token. */
export class Client {
  cookie: string | null = null;
  token: string | null = null;
  constructor(readonly base: string) {}

  async request(
    method: string,
    pathname: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> {
    const init: RequestInit = { method, redirect: 'manual', headers: { ...headers } };
    const h = init.headers as Record<string, string>;
    if (this.cookie) h['cookie'] = this.cookie;
    if (this.token && pathname.startsWith('/lapi/')) h['authorization'] = `Bearer ${this.token}`;
    if (body !== undefined) {
      h['content-type'] ??= 'application/json';
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const response = await fetch(new URL(pathname, this.base), init);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      // `__Host-atrium_sid` when the server's public origin is https (docs/deploy.md).
      if (!pair || !/^(__Host-)?atrium_sid=/.test(pair)) continue;
      this.cookie = /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || pair.endsWith('=') ? null : pair;
    }
    return response;
  }
  get(pathname: string, headers?: Record<string, string>): Promise<Response> {
    return this.request('GET', pathname, undefined, headers);
  }
  post(pathname: string, body: unknown = {}, headers?: Record<string, string>): Promise<Response> {
    return this.request('POST', pathname, body, headers);
  }

  async json<T extends v.GenericSchema>(
    schema: T,
    response: Response,
    status = 200,
  ): Promise<v.InferOutput<T>> {
    const text = await response.text();
    if (response.status !== status) throw new Error(`Expected ${status}, got ${response.status}: ${text}`);
    return v.parse(schema, JSON.parse(text));
  }

  /** Sign in with the demo password; for faculty pass one of their organisations. */
  async signIn(username: string, companyId?: number): Promise<void> {
    const response = await this.post('/common/login/login_actions.php', {
      action: 'login',
      username,
      password: 'atrium-demo',
      ...(companyId === undefined ? {} : { company_id: companyId }),
    });
    if (response.status !== 200)
      throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  }

  /** Sign in, then initialize and keep the access token, as the boot sequence does. */
  async boot(username: string, companyId?: number): Promise<string> {
    await this.signIn(username, companyId);
    const response = await this.post('/lapi/rpc/common/ionic/initialize', {});
    const body = (await response.json()) as { lapi_access_token: string };
    this.token = body.lapi_access_token;
    return this.token;
  }
}

export const ErrorSchema = v.object({ error: v.object({ code: v.string(), message: v.string() }) });

/** Markup with formatting whitespace between tags collapsed and void-element slashes dropped. */
export function normalizeHtml(markup: string): string {
  return markup
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .replace(/\s*\/>/g, '>');
}
