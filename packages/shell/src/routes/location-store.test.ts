import { describe, expect, it, vi } from 'vitest';
import { createLocationStore } from './location-store';

function fakeWindow(pathname: string, search = '') {
  const target = new EventTarget();
  const location = { pathname, search };
  return {
    location,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    dispatch: (type: string) => target.dispatchEvent(new Event(type)),
  };
}

describe('the location store', () => {
  it('reads the address bar, one snapshot object per distinct address', () => {
    const source = fakeWindow('/home');
    const store = createLocationStore(source);
    const first = store.getState();
    expect(first).toEqual({ pathname: '/home', search: '' });
    expect(store.getState()).toBe(first);
    source.location.pathname = '/profile';
    source.location.search = '?tab=2';
    const second = store.getState();
    expect(second).toEqual({ pathname: '/profile', search: '?tab=2' });
    expect(store.getState()).toBe(second);
  });

  it('tells subscribers on popstate and single-spa routing events, until they unsubscribe', () => {
    const source = fakeWindow('/home');
    const store = createLocationStore(source);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    source.dispatch('popstate');
    source.dispatch('single-spa:routing-event');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    source.dispatch('popstate');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
