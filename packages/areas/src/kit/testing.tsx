/**
 * Test helpers for areas (imported by *.test.tsx only, so never bundled into an area): render a component
 * with the props the shell would pass, and a session like the one initialize returns.
 */
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { Sis } from '@atrium/api';
import type { AreaProps } from '@atrium/ui';
import { AreaPropsContext } from './area-context';
import { demoSis } from '@atrium/api/testing';

export function fakeAreaProps(overrides: Partial<AreaProps> = {}): AreaProps {
  return {
    routePath: 'home',
    path: '/home',
    appKey: null,
    currentApplication: null,
    title: 'Home',
    navigate: vi.fn<(to: string) => void>(),
    setDirty: vi.fn<(dirty: boolean) => void>(),
    setSearch: vi.fn<(handler: (() => void) | null) => void>(),
    ...overrides,
  };
}

export function renderArea(ui: ReactElement, overrides: Partial<AreaProps> = {}) {
  const props = fakeAreaProps(overrides);
  const result = render(<AreaPropsContext value={props}>{ui}</AreaPropsContext>);
  return { ...result, props };
}

export function sampleSis(overrides: Partial<Sis> = {}, user: Partial<Sis['user']> = {}): Sis {
  return demoSis(
    { sis_school_id: 310, company_id: 7, ...overrides },
    { user_id: 42, username: 'ada.student', first_name: 'Ada', last_name: 'Lovelace', ...user },
  );
}
