import { describe, expect, it } from 'vitest';
import { hasLifecycles, isLifecycle } from './lifecycle-check.js';

const fn = async () => {};

describe('the lifecycle check', () => {
  it('takes a function or an array of functions as a lifecycle', () => {
    expect(isLifecycle(fn)).toBe(true);
    expect(isLifecycle([fn, fn])).toBe(true);
    expect(isLifecycle([])).toBe(true);
    expect(isLifecycle([fn, 'mount'])).toBe(false);
    expect(isLifecycle('mount')).toBe(false);
    expect(isLifecycle(undefined)).toBe(false);
  });

  it('wants bootstrap, mount and unmount, update being optional', () => {
    expect(hasLifecycles({ bootstrap: fn, mount: [fn], unmount: fn })).toBe(true);
    expect(hasLifecycles({ bootstrap: fn, mount: fn, unmount: fn, update: fn })).toBe(true);
    expect(hasLifecycles({ bootstrap: fn, mount: fn })).toBe(false);
    expect(hasLifecycles({ default: { bootstrap: fn, mount: fn, unmount: fn } })).toBe(false);
    expect(hasLifecycles(null)).toBe(false);
    expect(hasLifecycles(fn)).toBe(false);
  });
});
