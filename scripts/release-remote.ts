/**
 * `npm run release -- <command> --server <url>`: the same commands through a running server's release API
 * (docs/releases.md, "HTTP API"), authenticated with ATRIUM_DEPLOY_TOKEN. This is how CI publishes without
 * shell access to the machine holding the release store.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ReleaseError } from '@atrium/releases';
import type { ModuleDiff, ReleaseErrorCode } from '@atrium/releases';
import { diffLines, historyLines, listLines, type HistoryEntry, type LiveListing } from './release-format';
import { checkServerUrl } from './release-server-url';

export interface RemoteOptions {
  server: string;
  token: string;
  fetchFn?: typeof fetch;
}

/** A build directory as the API's upload body: the manifest and every file it lists, base64. */
export async function uploadBody(dir: string): Promise<{ manifest: unknown; files: Record<string, string> }> {
  let manifest: { module?: { files?: { file?: unknown }[] } };
  try {
    manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as typeof manifest;
  } catch (error) {
    throw new ReleaseError(
      'bad-manifest',
      `${dir} has no readable manifest.json (${(error as Error).message})`,
    );
  }
  const files: Record<string, string> = {};
  for (const entry of manifest.module?.files ?? []) {
    if (typeof entry.file !== 'string') continue;
    try {
      files[entry.file] = (await readFile(path.join(dir, 'assets', path.basename(entry.file)))).toString(
        'base64',
      );
    } catch {
      // Left out: the server names the missing file in its refusal.
    }
  }
  return { manifest, files };
}

export function createRemote(options: RemoteOptions) {
  const fetchFn = options.fetchFn ?? fetch;
  checkServerUrl(options.server);
  const base = options.server.replace(/\/+$/, '');
  return async function call(method: 'GET' | 'POST', pathname: string, body?: unknown): Promise<unknown> {
    const response = await fetchFn(`${base}/lapi/releases${pathname}`, {
      method,
      headers: {
        authorization: `Bearer ${options.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed = (await response.json().catch(() => null)) as {
      data?: unknown;
      error?: { code?: string; message?: string };
    } | null;
    if (!response.ok) {
      const code = (parsed?.error?.code ?? 'bad-arguments') as ReleaseErrorCode;
      throw new ReleaseError(code, parsed?.error?.message ?? `the server answered ${response.status}`);
    }
    return parsed?.data;
  };
}

interface Summary {
  id: string;
  change: { summary: string };
}

/** The commands through the API; the lines to print (the same as the local mode's: release-format.ts). */
export async function runRemote(
  call: ReturnType<typeof createRemote>,
  command: string | undefined,
  args: {
    first?: string;
    second?: string;
    to?: string;
    release?: string;
    audience?: unknown;
    /** Who the release records: the server adds "(deploy token)". */
    author?: string;
  },
  appName: (app: string) => string,
): Promise<string[]> {
  const changed = (data: unknown): string[] => {
    const release = (data as { release: Summary }).release;
    return [`${release.id} live: ${release.change.summary}`];
  };
  const need = (value: string | undefined, usage: string): string => {
    if (!value) throw new ReleaseError('bad-arguments', `usage: npm run release -- ${usage} --server <url>`);
    return value;
  };
  const by = args.author ? { author: args.author } : {};
  switch (command) {
    case 'publish':
      return changed(
        await call('POST', '/publish', { ...(await uploadBody(need(args.first, 'publish <dir>'))), ...by }),
      );
    case 'rollback':
      return changed(
        await call('POST', '/rollback', {
          ...(args.release
            ? { release: args.release }
            : { app: appName(need(args.first, 'rollback <app>')), ...(args.to ? { to: args.to } : {}) }),
          ...by,
        }),
      );
    case 'canary': {
      const app = appName(need(args.first, 'canary <app> <version|dir>'));
      const which = need(args.second, 'canary <app> <version|dir>');
      const upload = await uploadBody(which).catch(() => null);
      return changed(
        await call('POST', '/canary', {
          app,
          audience: args.audience,
          ...(upload ? { upload } : { version: which }),
          ...by,
        }),
      );
    }
    case 'promote':
    case 'abort':
      return changed(
        await call('POST', `/${command}`, { app: appName(need(args.first, `${command} <app>`)), ...by }),
      );
    case 'list': {
      const data = (await call('GET', '')) as { live: LiveListing | null };
      return listLines(data.live);
    }
    case 'history': {
      const query = args.first ? `?app=${encodeURIComponent(appName(args.first))}` : '';
      return historyLines((await call('GET', `/history${query}`)) as HistoryEntry[]);
    }
    case 'diff': {
      const usage = 'diff <id> <id>';
      const query = new URLSearchParams({ a: need(args.first, usage), b: need(args.second, usage) });
      return diffLines((await call('GET', `/diff?${query.toString()}`)) as ModuleDiff[]);
    }
    default:
      throw new ReleaseError(
        'bad-arguments',
        `with --server: publish, rollback, canary, promote, abort, list, history, diff (not ${command ?? 'nothing'}); ` +
          'init, gc, export and import run where the release store is',
      );
  }
}
