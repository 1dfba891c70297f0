import { describe, expect, it, vi } from 'vitest';
import { DISMISSED_STORAGE_KEY } from './dismissed-storage.js';
import { SESSION_CHANGE_KEY, createSessionStore, initialSessionState } from './store.js';
import { applyInitialize, mergeLegacySession, setStatus } from './start-writes.js';
import type { SessionStoreOptions } from './store.js';
import { noticesToShow } from './helpers.js';
import {
  MemoryStorage,
  ThrowingStorage,
  fakeChannelPair,
  initializeResponse,
  notification,
} from './test-fixtures.js';
import { userDataKey } from './user-storage.js';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function store(options: SessionStoreOptions = {}) {
  return createSessionStore({ channel: null, storage: new MemoryStorage(), sharedStorage: null, ...options });
}

describe('state', () => {
  it('starts idle and empty', () => {
    expect(store().getState()).toEqual(initialSessionState());
    expect(store().getState().status).toBe('idle');
  });

  it('setState merges, notifies with the previous state, and skips no-op updates', () => {
    const s = store();
    const listener = vi.fn();
    const unsubscribe = s.subscribe(listener);
    const before = s.getState();
    s.setState({ mobile: true });
    expect(s.getState().mobile).toBe(true);
    expect(s.getState().status).toBe('idle');
    expect(listener).toHaveBeenCalledWith(s.getState(), before);
    s.setState({ mobile: true });
    s.setState((current) => ({ status: current.status }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    s.setState({ mobile: false });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('setState ignores keys that are not session state', () => {
    const s = store();
    s.setState({ lapi_access_token: 'secret' } as never);
    expect(s.getState()).not.toHaveProperty('lapi_access_token');
  });

  it('applyInitialize keeps everything but the token', () => {
    const s = store();
    const resp = initializeResponse({ mobile: true, legacy_redirect: '/legacy/start' });
    applyInitialize(s, resp);
    const state = s.getState();
    expect(state.sis).toEqual(resp.sis);
    expect(state.mobile).toBe(true);
    expect(state.localeConfig).toEqual({ locale: 'en-US', timezone: 'America/Chicago' });
    expect(state.legacyRedirect).toBe('/legacy/start');
    expect(state.systemNotifications).toEqual(resp.system_notifications);
    expect(JSON.stringify(state)).not.toContain('tok-123');
  });

  it('mergeLegacySession merges call after call and refuses prototype keys', () => {
    const s = store();
    mergeLegacySession(s, { a: 1, b: 2 });
    mergeLegacySession(s, JSON.parse('{"b": 3, "__proto__": {"polluted": true}}') as Record<string, unknown>);
    expect(s.getState().legacySession).toEqual({ a: 1, b: 3 });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('mergeLegacySession rejects a non-object clearly and loses nothing', () => {
    const s = store();
    mergeLegacySession(s, { a: 1 });
    for (const bad of [null, 'x', [1, 2], 5]) {
      expect(() => mergeLegacySession(s, bad as never)).toThrow(/session_data must be a key\/value object/);
    }
    expect(s.getState().legacySession).toEqual({ a: 1 });
  });

  it('setStatus accepts the five statuses and rejects others', () => {
    const s = store();
    for (const status of ['starting', 'started', 'error', 'signed-out', 'idle'] as const) {
      setStatus(s, status);
      expect(s.getState().status).toBe(status);
    }
    expect(() => setStatus(s, 'done' as never)).toThrow(/unknown status "done"/);
    expect(s.getState().status).toBe('idle');
  });
});

describe('dismissed notifications', () => {
  it('are remembered in storage and read back by a new store (a reload)', () => {
    const storage = new MemoryStorage();
    const s = store({ storage });
    s.dismissNotification('n1');
    s.dismissNotification('n1');
    s.dismissNotification('n2');
    expect(s.getState().dismissedNotificationIds).toEqual(['n1', 'n2']);
    expect(JSON.parse(storage.getItem(DISMISSED_STORAGE_KEY) ?? '')).toEqual(['n1', 'n2']);
    expect(store({ storage }).getState().dismissedNotificationIds).toEqual(['n1', 'n2']);
  });

  it('are told to the server once each, through the sender the page set (every host of the site)', () => {
    const s = store();
    const sent: string[] = [];
    s.dismissNotification('before');
    s.setDismissalSender((id) => sent.push(id));
    s.dismissNotification('n1');
    s.dismissNotification('n1');
    s.dismissNotification('n2');
    expect(sent).toEqual(['n1', 'n2']);
    s.setDismissalSender(null);
    s.dismissNotification('n3');
    expect(sent).toEqual(['n1', 'n2']);
    expect(s.getState().dismissedNotificationIds).toEqual(['before', 'n1', 'n2', 'n3']);
  });

  it("keep what another store of the tab wrote meanwhile (a legacy page's widgets and the app)", () => {
    const storage = new MemoryStorage();
    const app = store({ storage });
    const widgets = store({ storage });
    widgets.dismissNotification('legacy-notice');
    app.dismissNotification('app-notice');
    expect(app.getState().dismissedNotificationIds).toEqual(['legacy-notice', 'app-notice']);
    expect(JSON.parse(storage.getItem(DISMISSED_STORAGE_KEY) ?? '')).toEqual(['legacy-notice', 'app-notice']);
  });

  it('decide which notices show on a route (noticesToShow), from the session or from a given list', () => {
    const s = store();
    s.setState({ systemNotifications: [notification('n1'), notification('n2', { closeable: false })] });
    expect(noticesToShow(s.getState(), '/evaluations').map((n) => n.id)).toEqual(['n1', 'n2']);
    expect(noticesToShow(s.getState(), '/home').map((n) => n.id)).toEqual(['n2']);
    s.dismissNotification('n1');
    expect(noticesToShow(s.getState(), '/evaluations').map((n) => n.id)).toEqual(['n2']);
    const given = [notification('n1'), notification('page')];
    expect(noticesToShow(s.getState(), '/legacy/', given).map((n) => n.id)).toEqual(['page']);
  });

  it('destroy drops every subscriber', () => {
    const s = store();
    const listener = vi.fn();
    s.subscribe(listener);
    s.destroy();
    s.setState({ mobile: true });
    expect(listener).not.toHaveBeenCalled();
  });

  it('tolerate storage that throws', () => {
    const s = store({ storage: new ThrowingStorage() });
    expect(s.getState().dismissedNotificationIds).toEqual([]);
    s.dismissNotification('n1');
    expect(s.getState().dismissedNotificationIds).toEqual(['n1']);
    expect(() => s.reset()).not.toThrow();
  });

  it('ignore malformed stored values', () => {
    for (const raw of ['not json', '{"a":1}', '[1, "n1", null, "n1"]']) {
      const storage = new MemoryStorage();
      storage.setItem(DISMISSED_STORAGE_KEY, raw);
      const ids = store({ storage }).getState().dismissedNotificationIds;
      expect(ids).toEqual(raw.startsWith('[') ? ['n1'] : []);
    }
  });

  it('ignore an empty id', () => {
    const s = store();
    s.dismissNotification('');
    expect(s.getState().dismissedNotificationIds).toEqual([]);
  });
});

describe('sign out, reset and other tabs', () => {
  it('signOut clears this tab, its storage, and tells the other tab, which resets and leaves', async () => {
    const [a, b] = fakeChannelPair();
    const storageA = new MemoryStorage();
    const onRemoteSignOut = vi.fn();
    const tabA = store({ channel: a, storage: storageA });
    const tabB = store({ channel: b, onRemoteSignOut });
    applyInitialize(tabA, initializeResponse());
    tabA.dismissNotification('n1');
    applyInitialize(tabB, initializeResponse());
    setStatus(tabB, 'started');

    tabA.signOut();
    expect(tabA.getState()).toEqual(initialSessionState('signed-out'));
    expect(storageA.getItem(DISMISSED_STORAGE_KEY)).toBeNull();
    expect(a.posted).toEqual([{ type: 'signed-out' }]);
    expect(onRemoteSignOut).not.toHaveBeenCalled();

    await flush();
    expect(tabB.getState()).toEqual(initialSessionState('signed-out'));
    expect(onRemoteSignOut).toHaveBeenCalledTimes(1);
  });

  it('changeSchool tells the other tab, which calls onRemoteSchoolChange', async () => {
    const [a, b] = fakeChannelPair();
    const onRemoteSchoolChange = vi.fn();
    const onRemoteSignOut = vi.fn();
    const tabA = store({ channel: a, onRemoteSchoolChange: vi.fn() });
    store({ channel: b, onRemoteSchoolChange, onRemoteSignOut });
    tabA.changeSchool();
    await flush();
    expect(onRemoteSchoolChange).toHaveBeenCalledTimes(1);
    expect(onRemoteSignOut).not.toHaveBeenCalled();
  });

  it('changeUser (switch user, switch back) makes the other tab reload as the new user', async () => {
    const [a, b] = fakeChannelPair();
    const onRemoteSchoolChange = vi.fn();
    const onRemoteSignOut = vi.fn();
    const tabA = store({ channel: a, onRemoteSchoolChange: vi.fn() });
    store({ channel: b, onRemoteSchoolChange, onRemoteSignOut });
    tabA.changeUser();
    await flush();
    expect(onRemoteSchoolChange).toHaveBeenCalledTimes(1);
    expect(onRemoteSignOut).not.toHaveBeenCalled();
  });

  it('a tab that starts after another tab changed user, on a page requested before, reloads as if it had heard it', () => {
    const shared = new MemoryStorage();
    const tabA = store({ sharedStorage: shared, onRemoteSchoolChange: vi.fn() });
    tabA.changeUser();
    const written = JSON.parse(shared.getItem(SESSION_CHANGE_KEY) ?? 'null') as { type: string; at: number };
    expect(written.type).toBe('user-changed');

    const onRemoteSchoolChange = vi.fn();
    store({ sharedStorage: shared, pageRequestedAt: written.at - 50, onRemoteSchoolChange });
    expect(onRemoteSchoolChange).toHaveBeenCalledTimes(1);

    // A page requested after the change was drawn with it: nothing to do.
    const later = vi.fn();
    store({ sharedStorage: shared, pageRequestedAt: written.at + 1, onRemoteSchoolChange: later });
    expect(later).not.toHaveBeenCalled();
  });

  it('a tab that starts after another tab signed out, on a page requested before, signs out too', () => {
    const shared = new MemoryStorage();
    store({ sharedStorage: shared }).signOut();
    const at = (JSON.parse(shared.getItem(SESSION_CHANGE_KEY) ?? 'null') as { at: number }).at;
    const onRemoteSignOut = vi.fn();
    const onRemoteSchoolChange = vi.fn();
    const tab = store({
      sharedStorage: shared,
      pageRequestedAt: at - 1,
      onRemoteSignOut,
      onRemoteSchoolChange,
    });
    expect(tab.getState().status).toBe('signed-out');
    expect(onRemoteSignOut).toHaveBeenCalledTimes(1);
    expect(onRemoteSchoolChange).not.toHaveBeenCalled();
  });

  it('ignores anything else written under the last change key', () => {
    const shared = new MemoryStorage();
    const onRemoteSignOut = vi.fn();
    const onRemoteSchoolChange = vi.fn();
    for (const junk of [
      '{',
      '42',
      '{"type":"signed-out"}',
      '{"type":"nope","at":1e15}',
      '{"type":"signed-out","at":"soon"}',
    ]) {
      shared.setItem(SESSION_CHANGE_KEY, junk);
      store({ sharedStorage: shared, pageRequestedAt: 0, onRemoteSignOut, onRemoteSchoolChange });
    }
    expect(onRemoteSignOut).not.toHaveBeenCalled();
    expect(onRemoteSchoolChange).not.toHaveBeenCalled();
  });

  it('ignores malformed channel messages', async () => {
    const [a, b] = fakeChannelPair();
    const onRemoteSignOut = vi.fn();
    const onRemoteSchoolChange = vi.fn();
    const tabB = store({ channel: b, onRemoteSignOut, onRemoteSchoolChange });
    setStatus(tabB, 'started');
    for (const junk of [null, 'signed-out', 42, {}, { type: 'SIGNED-OUT' }, { type: ['signed-out'] }, []]) {
      a.postMessage(junk);
    }
    await flush();
    expect(tabB.getState().status).toBe('started');
    expect(onRemoteSignOut).not.toHaveBeenCalled();
    expect(onRemoteSchoolChange).not.toHaveBeenCalled();
  });

  it('uses the default remote sign-out: location.assign("/common/login")', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { assign, reload: vi.fn() });
    try {
      const [a, b] = fakeChannelPair();
      store({ channel: b });
      a.postMessage({ type: 'signed-out' });
      await flush();
      expect(assign).toHaveBeenCalledWith('/common/login');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('signOut still works when the channel is closed', () => {
    const [a] = fakeChannelPair();
    const s = store({ channel: a });
    a.close();
    expect(() => s.signOut()).not.toThrow();
    expect(s.getState().status).toBe('signed-out');
  });

  it('reset goes back to idle and forgets dismissals', () => {
    const storage = new MemoryStorage();
    const s = store({ storage });
    applyInitialize(s, initializeResponse());
    s.dismissNotification('n1');
    s.reset();
    expect(s.getState()).toEqual(initialSessionState());
    expect(storage.getItem(DISMISSED_STORAGE_KEY)).toBeNull();
  });

  it('destroy stops listening to other tabs', async () => {
    const [a, b] = fakeChannelPair();
    const onRemoteSignOut = vi.fn();
    const tabB = store({ channel: b, onRemoteSignOut });
    tabB.destroy();
    a.postMessage({ type: 'signed-out' });
    await flush();
    expect(onRemoteSignOut).not.toHaveBeenCalled();
    expect(b.closed).toBe(true);
  });
});

describe('per-user tab data', () => {
  it('goes at sign-out, here and in the other tabs; other keys stay', async () => {
    const [a, b] = fakeChannelPair();
    const storageA = new MemoryStorage();
    const storageB = new MemoryStorage();
    const tabA = store({ channel: a, storage: storageA });
    store({ channel: b, storage: storageB, onRemoteSignOut: vi.fn() });
    for (const storage of [storageA, storageB]) {
      storage.setItem(userDataKey('profile-notes:7'), 'my private notes');
      storage.setItem('unrelated', 'kept');
    }
    tabA.signOut();
    expect(storageA.getItem(userDataKey('profile-notes:7'))).toBeNull();
    expect(storageA.getItem('unrelated')).toBe('kept');
    await flush();
    expect(storageB.getItem(userDataKey('profile-notes:7'))).toBeNull();
    expect(storageB.getItem('unrelated')).toBe('kept');
  });

  it('storage that throws does not stop the sign-out', () => {
    const tab = store({ storage: new ThrowingStorage() });
    expect(() => tab.signOut()).not.toThrow();
    expect(tab.getState().status).toBe('signed-out');
  });
});
