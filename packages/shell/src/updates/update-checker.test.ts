import { describe, expect, it, vi } from 'vitest';
import { createTransport } from '@atrium/api';
import { createUpdateChecker, fetchBuildStamp, updateStatus } from './update-checker';

const RUNNING = '2025_10_27_103446';
const NEWER = '2025_11_02_090000';

describe('updateStatus', () => {
  it('is none for the same build, available for another, required below the minimum', () => {
    expect(updateStatus({ running: RUNNING, latest: RUNNING, minimum: null })).toBe('none');
    expect(updateStatus({ running: RUNNING, latest: NEWER, minimum: null })).toBe('available');
    expect(updateStatus({ running: RUNNING, latest: NEWER, minimum: NEWER })).toBe('required');
    expect(updateStatus({ running: RUNNING, latest: null, minimum: '2025_01_01_000000' })).toBe('none');
    expect(updateStatus({ running: '{{BUILD_STAMP}}', latest: NEWER, minimum: NEWER })).toBe('none');
  });
});

describe('update checker', () => {
  it('checks at start, on each interval and when the tab becomes visible', async () => {
    let tick: () => void = () => {};
    let visible: () => void = () => {};
    const stamps = [RUNNING, RUNNING, NEWER];
    const fetchLatestStamp = vi.fn(async () => stamps.shift() ?? null);
    const checker = createUpdateChecker({
      fetchLatestStamp,
      setInterval: (fn) => ((tick = fn), 1),
      clearInterval: () => {},
      onVisible: (fn) => ((visible = fn), () => {}),
    });
    const listener = vi.fn();
    checker.subscribe(listener);
    const stop = checker.start();
    await checker.check();
    expect(checker.getLatest()).toBe(RUNNING);
    tick();
    await checker.check();
    visible();
    await vi.waitFor(() => expect(checker.getLatest()).toBe(NEWER));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
  });

  it('ignores failed checks', async () => {
    const checker = createUpdateChecker({ fetchLatestStamp: () => Promise.reject(new Error('offline')) });
    await checker.check();
    expect(checker.getLatest()).toBeNull();
  });
});

describe('fetchBuildStamp', () => {
  const ORIGIN = 'https://atrium.test';

  it('reads the deployed stamp past every cache, through the transport', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ stamp: NEWER }));
    }) as unknown as typeof globalThis.fetch;
    const read = fetchBuildStamp(createTransport({ fetch, origin: ORIGIN }));
    await expect(read()).resolves.toBe(NEWER);
    expect(calls).toEqual([
      { url: `${ORIGIN}/build.json`, init: expect.objectContaining({ method: 'GET', cache: 'no-store' }) },
    ]);
  });

  it('gives up on a server that never answers, so the next check can run', async () => {
    const fetch = ((_url: string, init: RequestInit) =>
      new Promise((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as unknown as typeof globalThis.fetch;
    const checker = createUpdateChecker({
      fetchLatestStamp: fetchBuildStamp(createTransport({ fetch, origin: ORIGIN, timeoutMs: 20 })),
    });
    await checker.check();
    expect(checker.getLatest()).toBeNull();
  });
});
