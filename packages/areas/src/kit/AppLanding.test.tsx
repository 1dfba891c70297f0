// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APP_CATALOGUE } from '@atrium/api';
import { AppLanding } from './AppLanding';
import { renderArea } from './testing';

afterEach(cleanup);

describe('AppLanding', () => {
  it("shows the app's name, logo, purpose and the way to its legacy screens", () => {
    renderArea(<AppLanding appKey="evaluations" />, {
      routePath: 'evaluations',
      path: '/evaluations',
      currentApplication: 'evaluate3',
    });
    const app = APP_CATALOGUE.find((entry) => entry.key === 'evaluations');
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Evaluations & Rubrics',
    ]);
    const logo = screen.getByRole('img', { name: 'Evaluations & Rubrics logo' });
    expect(logo.getAttribute('src')).toBe('/static/apps/evaluations/logo.webp');
    expect(screen.getByText(app?.description ?? 'missing')).toBeTruthy();
    const legacy = screen.getByRole('link', { name: 'Open Evaluations & Rubrics legacy screens' });
    expect(legacy.getAttribute('href')).toBe('/legacy/evaluations/');
    expect(screen.getByText('evaluate3', { selector: 'strong' })).toBeTruthy();
  });

  it("lists the app's routes, marks the current one and navigates through the shell", async () => {
    const user = userEvent.setup();
    const { props } = renderArea(<AppLanding appKey="lms" />, { routePath: 'enlight', path: '/enlight' });
    const list = screen.getByRole('list');
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/educate',
      '/ei3',
      '/enlight',
      '/engage',
    ]);
    expect(within(list).getByRole('link', { name: 'Enlight' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(list).getByRole('link', { name: 'Engage' }));
    expect(props.navigate).toHaveBeenCalledWith('/engage');
    await user.click(screen.getByRole('link', { name: 'Show them inside Atrium' }));
    expect(props.navigate).toHaveBeenCalledWith('/ext/legacy/lms/');
  });
});
