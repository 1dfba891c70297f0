// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@atrium/session';
import { renderArea, sampleSis } from '../kit/testing';
import { HelpArea } from './HelpArea';

afterEach(() => {
  cleanup();
  session.setState({ sis: null });
});

const topicTitles = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('help', () => {
  it('declares search; the search button focuses a box that filters the topics; un-declares on unmount', async () => {
    const user = userEvent.setup();
    session.setState({ sis: sampleSis() });
    const { props, unmount } = renderArea(<HelpArea />, { routePath: 'system/help', path: '/system/help' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Help');
    expect(topicTitles()).toContain('Signing in');
    expect(topicTitles()).toContain('Contacting support');

    const handler = vi.mocked(props.setSearch).mock.calls.at(-1)?.[0];
    if (typeof handler !== 'function') throw new Error('the page did not declare search');
    act(() => handler());
    const box = screen.getByRole('searchbox', { name: 'Search help topics' });
    expect(document.activeElement).toBe(box);

    await user.type(box, 'organization');
    expect(topicTitles()).toEqual(expect.arrayContaining(['Switching organization']));
    expect(topicTitles()).not.toContain('Keyboard shortcuts');
    expect(screen.getByRole('status').textContent).toMatch(/^\d of \d help topics match “organization”\.$/);

    await user.clear(box);
    await user.type(box, 'legacy screens');
    expect(topicTitles()).toContain('Finding the legacy screens');
    expect(screen.getByRole('link', { name: 'Open the legacy home' }).getAttribute('href')).toBe('/legacy/');

    await user.clear(box);
    await user.type(box, 'zebra');
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);

    unmount();
    expect(props.setSearch).toHaveBeenLastCalledWith(null);
  });

  it('tells root and headquarters users about Ctrl+Shift+A, and nobody else', () => {
    session.setState({ sis: sampleSis() });
    const first = renderArea(<HelpArea />);
    expect(screen.queryByText(/Ctrl\+Shift\+A/)).toBeNull();
    first.unmount();
    session.setState({ sis: sampleSis({ is_hq: true }) });
    renderArea(<HelpArea />);
    expect(screen.getByText(/Ctrl\+Shift\+A shows or hides the developer toolbar/)).toBeTruthy();
  });
});
