// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { DEFAULT_MIGRATION_MAP, withLegacyPrefixes } from '@atrium/migration';
import { renderArea } from '../kit/testing';
import { ExtArea } from './ExtArea';

// The server's map: the suite's, plus a deployment prefix (ATRIUM_LEGACY_PREFIXES=/classic/).
const served = withLegacyPrefixes(DEFAULT_MIGRATION_MAP, ['/classic/']);
const requested: string[] = [];
beforeAll(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    requested.push(new URL(String(input), 'http://localhost').pathname);
    return new Response(JSON.stringify(served), { headers: { 'content-type': 'application/json' } });
  });
});
afterAll(() => vi.unstubAllGlobals());
afterEach(cleanup);

describe('ext', () => {
  it("frames a legacy app elsewhere on the origin once the server's map names its prefix", async () => {
    renderArea(<ExtArea />, { routePath: 'ext/**', path: '/ext/classic/grades.php' });
    const frame = await screen.findByTitle('Legacy page /classic/grades.php');
    expect(frame.getAttribute('src')).toBe('/classic/grades.php');
    expect(requested).toEqual(['/migration-map.json']);
  });

  it('shows a legacy page inside the shell, with a way to open it full page', () => {
    renderArea(<ExtArea />, { routePath: 'ext/**', path: '/ext/legacy/lms/' });
    const frame = screen.getByTitle('Legacy page /legacy/lms/');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('/legacy/lms/');
    expect(screen.getByRole('link', { name: 'Open full page' }).getAttribute('href')).toBe('/legacy/lms/');
  });

  it.each(['/ext//evil.example', '/ext/javascript:alert(document.cookie)', '/ext/profile'])(
    'refuses %s with a clear message and no frame',
    async (path) => {
      const { container } = renderArea(<ExtArea />, { routePath: 'ext/**', path });
      const heading = await screen.findByRole('heading', { level: 1 });
      expect(heading.textContent).toBe("This address can't be shown");
      expect(screen.getByText(/addresses under \/legacy\/, \/classic\//)).toBeTruthy();
      expect(container.querySelector('iframe')).toBeNull();
      expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/home');
    },
  );
});
