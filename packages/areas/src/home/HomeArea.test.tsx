// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@atrium/session';
import { renderArea, sampleSis } from '../kit/testing';
import { HomeArea } from './HomeArea';

afterEach(() => {
  cleanup();
  session.setState({ sis: null });
});

describe('home', () => {
  it('greets the user by preferred name and launches each of the seven apps in Atrium', async () => {
    const user = userEvent.setup();
    session.setState({ sis: sampleSis({}, { preferred_name: 'Addie' }) });
    const { props } = renderArea(<HomeArea />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Addie');
    const apps = within(screen.getByRole('list', { name: 'Apps' })).getAllByRole('article');
    expect(apps).toHaveLength(7);
    const links = within(screen.getByRole('list', { name: 'Apps' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Learning Management', '/educate'],
      ['Evaluations & Rubrics', '/evaluations'],
      ['Curriculum Mapping', '/curriculum'],
      ['Exams', '/examn'],
      ['Rotation Scheduling', '/scheduling'],
      ['Clinical Hours', '/eclas'],
      ['Credentials', '/core'],
    ]);
    expect(apps[0]?.querySelector('img')?.getAttribute('src')).toBe('/static/apps/lms/logo.webp');
    await user.click(screen.getByRole('link', { name: 'Exams' }));
    expect(props.navigate).toHaveBeenCalledWith('/examn');
  });

  it('falls back to first and last name', () => {
    session.setState({ sis: sampleSis() });
    renderArea(<HomeArea />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Ada Lovelace');
  });
});
