// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { session } from '@atrium/session';
import { renderArea, sampleSis } from '../kit/testing';
import { AdminArea } from './AdminArea';

afterEach(() => {
  cleanup();
  session.setState({ sis: null });
});

const adminPanelLinks = () =>
  screen.queryAllByRole('link').filter((link) => link.getAttribute('href')?.includes('admin_panel'));

describe('administration', () => {
  it('offers the admin panel only to those who may open it', () => {
    session.setState({ sis: sampleSis() });
    const { unmount } = renderArea(<AdminArea />, { routePath: 'support', path: '/support' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Administration');
    expect(adminPanelLinks()).toHaveLength(0);
    expect(screen.getByRole('link', { name: /Hub/ })).toBeTruthy();
    unmount();

    for (const sis of [sampleSis({ is_hq: true }), sampleSis({}, { is_root: true })]) {
      session.setState({ sis });
      const view = renderArea(<AdminArea />, { routePath: 'support', path: '/support' });
      expect(adminPanelLinks()).toHaveLength(1);
      view.unmount();
    }
  });
});
