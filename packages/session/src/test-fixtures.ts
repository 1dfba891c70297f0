/** Shared test doubles for the session package (imported by tests only). */
import type { InitializeResponse, SystemNotification } from '@atrium/api';
import type { SessionChannel, SessionStorageLike } from './store.js';
import { demoInitializeResponse } from '@atrium/api/testing';

type Listener = (event: { data: unknown }) => void;

/**
 * Two connected channels, like two tabs' BroadcastChannel('atrium-session'): a message posted on one is
 * delivered (asynchronously, structured-cloned) to the other, never to itself.
 */
export function fakeChannelPair(): [FakeChannel, FakeChannel] {
  const a = new FakeChannel();
  const b = new FakeChannel();
  a.peer = b;
  b.peer = a;
  return [a, b];
}

export class FakeChannel implements SessionChannel {
  peer: FakeChannel | null = null;
  listeners = new Set<Listener>();
  closed = false;
  posted: unknown[] = [];

  postMessage(message: unknown): void {
    if (this.closed) throw new DOMException('closed', 'InvalidStateError');
    this.posted.push(message);
    const peer = this.peer;
    const data = structuredClone(message);
    queueMicrotask(() => peer?.deliver(data));
  }
  deliver(data: unknown): void {
    if (this.closed) return;
    for (const listener of this.listeners) listener({ data });
  }
  addEventListener(_type: 'message', listener: Listener): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'message', listener: Listener): void {
    this.listeners.delete(listener);
  }
  close(): void {
    this.closed = true;
  }
}

export class MemoryStorage implements SessionStorageLike {
  map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  get length() {
    return this.map.size;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
}

export class ThrowingStorage implements SessionStorageLike {
  getItem(): string | null {
    throw new DOMException('denied', 'SecurityError');
  }
  setItem(): void {
    throw new DOMException('full', 'QuotaExceededError');
  }
  removeItem(): void {
    throw new DOMException('denied', 'SecurityError');
  }
}

export function notification(id: string, overrides: Partial<SystemNotification> = {}): SystemNotification {
  return {
    id,
    message: `Notice ${id}`,
    closeable: true,
    clickable: false,
    static: false,
    routeInfo: null,
    ...overrides,
  };
}

export function initializeResponse(overrides: Partial<InitializeResponse> = {}): InitializeResponse {
  return demoInitializeResponse({ system_notifications: [notification('n1')], ...overrides });
}
