// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { displayName } from './display-name.js';
import { visibleNotifications } from './helpers.js';
import { createSessionStore } from './store.js';
import { applyInitialize, setStatus } from './start-writes.js';
import type { SessionState } from './store.js';
import { MemoryStorage, initializeResponse, notification } from './test-fixtures.js';
import { useSession } from './use-session.js';

afterEach(cleanup);

function makeStore() {
  return createSessionStore({ channel: null, storage: new MemoryStorage() });
}

describe('useSession', () => {
  it('renders the selected value and re-renders when it changes', () => {
    const store = makeStore();
    let renders = 0;
    function Name() {
      renders += 1;
      const name = useSession((s) => displayName(s.sis?.user), store);
      return <p>{name || 'nobody'}</p>;
    }
    render(<Name />);
    expect(screen.getByText('nobody')).toBeTruthy();
    act(() => applyInitialize(store, initializeResponse()));
    expect(screen.getByText('Sam Student')).toBeTruthy();
    const count = renders;
    // A change the selector does not read does not re-render.
    act(() => setStatus(store, 'started'));
    expect(renders).toBe(count);
  });

  it('accepts a selector that derives a fresh array (no render loop)', () => {
    const store = makeStore();
    applyInitialize(
      store,
      initializeResponse({
        system_notifications: [notification('a'), notification('b', { closeable: false })],
      }),
    );
    const select = (s: SessionState) =>
      visibleNotifications(s.systemNotifications, {
        route: '/profile',
        dismissedIds: s.dismissedNotificationIds,
      });
    function Bar() {
      const list = useSession(select, store);
      return (
        <ul>
          {list.map((n) => (
            <li key={n.id}>{n.message}</li>
          ))}
        </ul>
      );
    }
    render(<Bar />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Notice a', 'Notice b']);
    act(() => store.dismissNotification('a'));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Notice b']);
  });

  it('follows a sign-out', () => {
    const store = makeStore();
    setStatus(store, 'started');
    function Status() {
      return <p>{useSession((s) => s.status, store)}</p>;
    }
    render(<Status />);
    expect(screen.getByText('started')).toBeTruthy();
    act(() => store.signOut());
    expect(screen.getByText('signed-out')).toBeTruthy();
  });

  it('reads the default singleton when no store is given', async () => {
    const { session } = await import('./singleton.js');
    function Status() {
      return <p>{useSession((s) => s.status)}</p>;
    }
    render(<Status />);
    expect(screen.getByText(session.getState().status)).toBeTruthy();
    session.destroy();
  });
});
