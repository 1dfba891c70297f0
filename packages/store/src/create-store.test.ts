import { describe, expect, it, vi } from 'vitest';
import { createStore } from './create-store.js';

describe('createStore', () => {
  it('starts with the state it was given', () => {
    const initial = { count: 0, label: 'a' };
    const store = createStore(initial);
    expect(store.getState()).toBe(initial);
  });

  it('merges a patch into a new snapshot and tells listeners the new and the previous state', () => {
    const store = createStore({ count: 0, label: 'a' });
    const first = store.getState();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setState({ count: 1 });
    expect(store.getState()).toEqual({ count: 1, label: 'a' });
    expect(store.getState()).not.toBe(first);
    expect(first).toEqual({ count: 0, label: 'a' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ count: 1, label: 'a' }, first);
  });

  it('takes an updater that reads the current state', () => {
    const store = createStore({ count: 1 });
    store.setState((state) => ({ count: state.count + 1 }));
    store.setState((state) => ({ count: state.count * 10 }));
    expect(store.getState().count).toBe(20);
  });

  it('keeps the same snapshot and stays silent when nothing really changed', () => {
    const list = [1, 2];
    const store = createStore({ count: 0, list, missing: Number.NaN });
    const before = store.getState();
    const listener = vi.fn();
    store.subscribe(listener);
    store.setState({ count: 0, list, missing: Number.NaN });
    store.setState({});
    expect(store.getState()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    store.setState({ list: [1, 2] });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('replaces the whole state when asked, dropping keys the new state lacks', () => {
    const store = createStore<{ phase: string; error?: string }>({ phase: 'failed', error: 'boom' });
    const listener = vi.fn();
    store.subscribe(listener);
    store.setState({ phase: 'idle' }, true);
    expect(store.getState()).toEqual({ phase: 'idle' });
    expect('error' in store.getState()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    const same = store.getState();
    store.setState(same, true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('ignores keys a legacy page added to Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 'yes';
    try {
      const store = createStore({ count: 0 });
      const listener = vi.fn();
      store.subscribe(listener);
      store.setState({ count: 0 });
      expect(listener).not.toHaveBeenCalled();
      expect(Object.keys(store.getState())).toEqual(['count']);
    } finally {
      delete proto.polluted;
    }
  });

  it('stops telling a listener once it unsubscribes, even from inside a notification', () => {
    const store = createStore({ count: 0 });
    const calls: string[] = [];
    const unsubscribeFirst = store.subscribe(() => {
      calls.push('first');
      unsubscribeFirst();
    });
    store.subscribe(() => calls.push('second'));
    store.setState({ count: 1 });
    store.setState({ count: 2 });
    expect(calls).toEqual(['first', 'second', 'second']);
  });

  it('hands out a subscribe that works without its store', () => {
    const store = createStore({ count: 0 });
    const { subscribe, getState } = store;
    const listener = vi.fn();
    const unsubscribe = subscribe(listener);
    store.setState({ count: 1 });
    expect(getState().count).toBe(1);
    unsubscribe();
    store.setState({ count: 2 });
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
