// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderArea } from '../kit/testing';
import { ExtArea } from './ExtArea';

afterEach(cleanup);

describe('ext', () => {
  it('shows a legacy page inside the shell, with a way to open it full page', () => {
    renderArea(<ExtArea />, { routePath: 'ext/**', path: '/ext/legacy/lms/' });
    const frame = screen.getByTitle('Legacy page /legacy/lms/');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/legacy/lms/');
    expect(screen.getByRole('link', { name: 'Open full page' }).getAttribute('href')).toBe('/legacy/lms/');
  });

  it.each(['/ext//evil.example', '/ext/javascript:alert(document.cookie)', '/ext/profile'])(
    'refuses %s with a clear message and no frame',
    (path) => {
      const { container } = renderArea(<ExtArea />, { routePath: 'ext/**', path });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe("This address can't be shown");
      expect(container.querySelector('iframe')).toBeNull();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/home');
    },
  );
});
