// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReleasesPanel } from './ReleasesPanel';
import { createReleasesClient } from './releases-client';
import type { ReleasesOverview } from './releases-client';

afterEach(cleanup);

const OVERVIEW: ReleasesOverview = {
  live: {
    id: 'r000003',
    createdAt: '2026-11-23T10:00:00.000Z',
    author: 'ci',
    change: { kind: 'publish', summary: '@atrium/area-exams 0.1.0+a -> 0.1.0+b' },
    modules: [
      { name: 'react', kind: 'vendor', version: '19.3.1+x' },
      { name: '@atrium/area-exams', kind: 'area', version: '0.1.0+b' },
      { name: '@atrium/shell', kind: 'application', version: '0.1.0+s' },
    ],
    canaries: [{ name: '@atrium/shell', version: '0.2.0+t', audience: { roles: ['root'] } }],
  },
  history: [
    {
      id: 'r000003',
      createdAt: '2026-11-23T10:00:00.000Z',
      author: 'ci',
      change: { kind: 'publish', summary: '@atrium/area-exams 0.1.0+a -> 0.1.0+b' },
    },
    {
      id: 'r000001',
      createdAt: '2026-11-23T09:00:00.000Z',
      author: 'ops',
      change: { kind: 'baseline', summary: 'full build: 26 modules' },
    },
  ],
  trying: [],
};

/** A fetch that answers like the release API and records what the panel sent. */
function fakeServer(overview: ReleasesOverview = OVERVIEW) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ url: String(url), method: init?.method ?? 'GET', body });
    if (String(url).endsWith('/rollback'))
      return Response.json(
        { error: { code: 'missing-file', message: 'the files of 0.1.0+a were collected' } },
        { status: 422 },
      );
    if (String(url).endsWith('/try-canary')) return Response.json({ data: { trying: ['@atrium/shell'] } });
    return Response.json({ data: overview });
  });
  return { calls, client: createReleasesClient(fetchFn as unknown as typeof fetch) };
}

async function openPanel(overview?: ReleasesOverview) {
  const user = userEvent.setup();
  const server = fakeServer(overview);
  const reload = vi.fn();
  render(<ReleasesPanel client={server.client} reload={reload} />);
  await user.click(screen.getByText('Releases', { selector: 'summary' }));
  const table = await screen.findByRole('table', { name: 'Live release r000003' });
  return { user, server, reload, table };
}

describe('createReleasesClient', () => {
  it("calls Atrium's origin with Atrium's cookie when the page is another host's", async () => {
    const calls: { url: string; credentials: RequestCredentials | undefined }[] = [];
    const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), credentials: init?.credentials });
      return Response.json({ data: OVERVIEW });
    });
    const client = createReleasesClient(
      fetchFn as unknown as typeof fetch,
      (path) => new URL(path, 'https://app.school.test').href,
    );
    await client.overview();
    expect(calls).toEqual([{ url: 'https://app.school.test/lapi/releases', credentials: 'include' }]);
  });
});

describe('<ReleasesPanel />', () => {
  it('lists every app with its version and canary, and the last releases with who and what', async () => {
    const { table } = await openPanel();
    expect(within(table).getByRole('rowheader', { name: '@atrium/area-exams' })).toBeTruthy();
    expect(within(table).queryByRole('rowheader', { name: 'react' })).toBeNull();
    expect(table.textContent).toContain('0.1.0+s (canary 0.2.0+t for root)');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items[0]).toContain('r000003');
    expect(items[0]).toContain('ci: @atrium/area-exams 0.1.0+a -> 0.1.0+b');
    expect(items).toHaveLength(2);
  });

  it('asks before rolling back; Cancel sends nothing; a refusal is shown and nothing reloads', async () => {
    const { user, server, reload } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Roll back @atrium/area-exams' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Roll back @atrium/area-exams' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Roll back @atrium/area-exams' }));
    await user.click(screen.getByRole('button', { name: 'Confirm rollback' }));
    expect(server.calls.at(-1)).toMatchObject({
      url: '/lapi/releases/rollback',
      body: { app: '@atrium/area-exams' },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The rollback failed. the files of 0.1.0+a were collected',
    );
    expect(reload).not.toHaveBeenCalled();
  });

  it('tries a canary for this user only, then reloads the page', async () => {
    const { user, server, reload } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Try the canary of @atrium/shell' }));
    expect(server.calls.at(-1)).toMatchObject({
      url: '/lapi/releases/try-canary',
      body: { app: '@atrium/shell', on: true },
    });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers to stop trying a canary this user is trying', async () => {
    const { user, server, reload } = await openPanel({ ...OVERVIEW, trying: ['@atrium/shell'] });
    await user.click(screen.getByRole('button', { name: 'Stop trying the canary of @atrium/shell' }));
    expect(server.calls.at(-1)).toMatchObject({ body: { app: '@atrium/shell', on: false } });
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
