import { describe, expect, it } from 'vitest';
import { displayName } from './display-name.js';
import { canSeeDevToolbar, isHomeRoute, visibleNotifications } from './helpers.js';
import { initializeResponse, notification } from './test-fixtures.js';

describe('displayName', () => {
  it.each([
    [{ first_name: 'Samantha', last_name: 'Stone', preferred_name: 'Sam' }, 'Sam'],
    [{ first_name: 'Samantha', last_name: 'Stone', preferred_name: null }, 'Samantha Stone'],
    [{ first_name: 'Samantha', last_name: 'Stone', preferred_name: '   ' }, 'Samantha Stone'],
    [{ first_name: ' Samantha ', last_name: '', preferred_name: null }, 'Samantha'],
  ])('%j -> %j', (user, expected) => {
    expect(displayName(user)).toBe(expected);
  });
  it('is empty without a user', () => {
    expect(displayName(null)).toBe('');
  });
});

describe('canSeeDevToolbar', () => {
  const sis = initializeResponse().sis;
  it.each([
    [false, false, false],
    [true, false, true],
    [false, true, true],
    [true, true, true],
  ])('is_root=%s is_hq=%s -> %s', (isRoot, isHq, expected) => {
    expect(canSeeDevToolbar({ ...sis, is_hq: isHq, user: { ...sis.user, is_root: isRoot } })).toBe(expected);
  });
  it('is false without a session', () => {
    expect(canSeeDevToolbar(null)).toBe(false);
  });
});

describe('isHomeRoute', () => {
  it.each([
    ['home', true],
    ['/home', true],
    ['/home/', true],
    ['/home?x=1', true],
    ['', true],
    ['/', true],
    ['/homework', false],
    ['/home/x', false],
    ['/system/help', false],
  ])('%j -> %s', (route, expected) => {
    expect(isHomeRoute(route)).toBe(expected);
  });
});

describe('visibleNotifications', () => {
  const closeable = notification('c');
  const fixed = notification('f', { closeable: false });
  const clickable = notification('k', { clickable: true, body: '<p>More</p>' });
  const staticOne = notification('s', { static: true, closeable: true });
  const list = [closeable, fixed, clickable, staticOne];

  it('off home: everything not dismissed, a static one never closeable', () => {
    const visible = visibleNotifications(list, { route: '/profile', dismissedIds: [] });
    expect(visible.map((n) => n.id)).toEqual(['c', 'f', 'k', 's']);
    expect(visible.find((n) => n.id === 's')?.closeable).toBe(false);
    expect(visible[0]).toBe(closeable);
  });

  it('hides dismissed closeable ones, but not a dismissed static or non-closeable one', () => {
    const visible = visibleNotifications(list, { route: '/profile', dismissedIds: ['c', 'f', 's'] });
    expect(visible.map((n) => n.id)).toEqual(['f', 'k', 's']);
  });

  it.each(['/home', 'home', '/'])('on the home route (%j) only non-closeable ones show', (route) => {
    const visible = visibleNotifications(list, { route, dismissedIds: [] });
    expect(visible.map((n) => n.id)).toEqual(['f', 's']);
    expect(visible.every((n) => !n.closeable)).toBe(true);
  });

  it('does not change its input', () => {
    visibleNotifications(list, { route: '/x', dismissedIds: [] });
    expect(staticOne.closeable).toBe(true);
  });
});
